import "server-only";
import type { Address } from "viem";
import type { z } from "zod";
import { resourceKey } from "@/lib/access/resource-key";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { getProfile } from "@/lib/auth/get-profile";
import type { siteIdentity, verifiedIdentitiesResponse } from "@/lib/schemas/sites";
import { normalizeDomain } from "./normalize-domain";

export type VerifiedIdentities = z.input<typeof verifiedIdentitiesResponse>;
type SiteIdentity = z.input<typeof siteIdentity>;

/**
 * The identities another hub of the same operator may copy: verified, live sites with their owner
 * wallets, publisher profile and published blog posts. Nothing per-stack (content, receipts,
 * ratings, metrics, tips) and no site token. Built field by field, not parsed: the route wrapper
 * checks the answer (outside production), and the peer hub parses what it copies (fetch-peer-identities.ts).
 */
export async function listVerifiedIdentities({ domains, limit, skip }: { domains?: string; limit: number; skip: number }): Promise<VerifiedIdentities> {
  const wanted = domains
    ?.split(",")
    .map((d) => normalizeDomain(d))
    .filter((d): d is string => !!d);
  const where = { verified: true, removedAt: null, ...(wanted ? { domain: { in: wanted } } : {}) };
  const [total, sites] = await Promise.all([
    db.site.count({ where }),
    db.site.findMany({
      where,
      include: {
        ownerWallets: { orderBy: { createdAt: "asc" } },
        blogPosts: { where: { status: "published" }, orderBy: { createdAt: "asc" } },
      },
      orderBy: { createdAt: "asc" },
      take: limit,
      skip,
    }),
  ]);
  const postKeys = sites.flatMap((s) => s.blogPosts.map((p) => resourceKey("post", p.id)));
  const lists = postKeys.length
    ? await db.accessListEntry.findMany({ where: { resourceKey: { in: postKeys } }, orderBy: { createdAt: "asc" }, select: { resourceKey: true, wallet: true } })
    : [];
  const identities: SiteIdentity[] = [];
  for (const s of sites) {
    identities.push({
      id: s.id,
      domain: s.domain,
      name: s.name,
      description: s.description,
      faviconUrl: s.faviconUrl,
      ogImageUrl: s.ogImageUrl,
      ownerWallet: s.ownerWallet as Address,
      ownerWallets: s.ownerWallets.map((w) => ({ wallet: w.wallet as Address, role: w.role })),
      verified: true,
      verificationSource: s.verificationSource as SiteIdentity["verificationSource"],
      lastVerifiedAt: s.lastVerifiedAt?.toISOString() ?? null,
      hosted: s.hosted,
      blogActive: s.blogActive,
      blogName: s.blogName,
      publisher: await getProfile(s.ownerWallet),
      blogPosts: s.blogPosts.map((p) => ({
        slug: p.slug,
        type: p.type,
        title: p.title,
        summary: p.summary,
        priceAtomic: p.priceAtomic.toString(),
        currency: p.currency,
        tier: p.tier,
        publicAccess: p.publicAccess,
        whitelist: lists.filter((w) => w.resourceKey === resourceKey("post", p.id)).map((w) => w.wallet),
        tags: p.tags,
        coverUrl: p.coverUrl,
        externalVideoUrl: p.externalVideoUrl,
        bodyStorageRef: p.bodyStorageRef,
        bodyWrappedKey: p.bodyWrappedKey,
        contentHash: p.contentHash,
        publishedAt: p.publishedAt?.toISOString() ?? null,
        createdAt: p.createdAt.toISOString(),
      })),
    });
  }
  return { success: true, network: env.NETWORK_MODE, identities, total, limit, skip };
}
