import "server-only";
import { replaceAccessList } from "@/lib/access/replace-access-list";
import { resourceKey } from "@/lib/access/resource-key";
import { db } from "@/lib/db";
import { fetchPeerIdentities } from "./fetch-peer-identities";
import { normalizeDomain } from "./normalize-domain";
import { refreshSiteSearchText } from "./refresh-site-search-text";
import { newSecretColumns, newSiteKey } from "./site-secret";

type Synced = { domain: string; siteId: string; created: boolean; blogPosts: number };
type Skipped = { domain: string; reason: string };

/**
 * Pulls verified identities from the peer hub and copies, for each, only what is shared between
 * stacks: the site's identity (domain, name, description, images, hosted-blog flags), its
 * verification (recorded here as `cross-stack`, keeping the peer's date), its owner wallets, the
 * publisher profile and its published blog posts. Never content, receipts, ratings, metrics or
 * tips, and never the peer's site token (a new site gets its own). A site verified here by another
 * wallet, or removed here, is skipped.
 */
export async function syncFromPeer(body: { domains: string[] } | { all: true }) {
  const synced: Synced[] = [];
  const skipped: Skipped[] = [];
  let wanted: string[] | undefined;
  if ("domains" in body) {
    wanted = [];
    for (const raw of body.domains) {
      const d = normalizeDomain(raw);
      if (d) wanted.push(d);
      else skipped.push({ domain: raw, reason: "not a host name" });
    }
    wanted = [...new Set(wanted)];
  }
  const { peer, identities } = wanted && wanted.length === 0 ? { peer: "", identities: [] } : await fetchPeerIdentities({ domains: wanted });
  const found = new Set(identities.map((i) => i.domain));
  for (const d of wanted ?? []) if (!found.has(d)) skipped.push({ domain: d, reason: "not verified on the peer hub" });

  for (const identity of identities) {
    const domain = normalizeDomain(identity.domain);
    if (!domain || domain !== identity.domain) {
      skipped.push({ domain: identity.domain, reason: "not a canonical host name" });
      continue;
    }
    const local = await db.site.findUnique({ where: { domain }, include: { ownerWallets: true } });
    const peerWallets = new Set<string>([identity.ownerWallet, ...identity.ownerWallets.map((w) => w.wallet)]);
    if (local?.removedAt) {
      skipped.push({ domain, reason: "removed on this hub" });
      continue;
    }
    if (local?.verified && !peerWallets.has(local.ownerWallet)) {
      skipped.push({ domain, reason: "verified on this hub by another wallet" });
      continue;
    }
    const idTaken = !local && (await db.site.findUnique({ where: { id: identity.id }, select: { id: true } }));
    const identityData = {
      name: identity.name,
      description: identity.description,
      faviconUrl: identity.faviconUrl,
      ogImageUrl: identity.ogImageUrl,
      ownerWallet: identity.ownerWallet,
      verified: true,
      verificationStatus: "verified",
      verificationSource: "cross-stack",
      lastVerifiedAt: identity.lastVerifiedAt ? new Date(identity.lastVerifiedAt) : new Date(),
      hosted: identity.hosted,
      blogActive: identity.blogActive,
      blogName: identity.blogName,
    };
    const siteId = await db.$transaction(async (tx) => {
      for (const wallet of peerWallets) await tx.owner.upsert({ where: { wallet }, create: { wallet }, update: {} });
      if (identity.publisher) {
        const p = { username: identity.publisher.username, bio: identity.publisher.bio, avatarUrl: identity.publisher.avatarUrl, socials: JSON.stringify(identity.publisher.socials) };
        await tx.publisherProfile.upsert({ where: { ownerWallet: identity.ownerWallet }, create: { ownerWallet: identity.ownerWallet, ...p }, update: p });
      }
      const site = local
        ? await tx.site.update({ where: { id: local.id }, data: identityData })
        : await tx.site.create({ data: { ...(idTaken ? {} : { id: identity.id }), domain, siteKey: newSiteKey(), ...newSecretColumns().data, ...identityData } });
      for (const w of identity.ownerWallets) {
        await tx.siteOwnerWallet.upsert({
          where: { siteId_wallet: { siteId: site.id, wallet: w.wallet } },
          create: { siteId: site.id, wallet: w.wallet, role: w.role },
          update: { role: w.role },
        });
      }
      for (const post of identity.blogPosts) {
        const data = {
          type: post.type,
          title: post.title,
          summary: post.summary,
          status: "published",
          priceAtomic: BigInt(post.priceAtomic),
          currency: post.currency,
          tier: post.tier,
          publicAccess: post.publicAccess,
          tags: post.tags,
          coverUrl: post.coverUrl,
          externalVideoUrl: post.externalVideoUrl,
          bodyStorageRef: post.bodyStorageRef,
          bodyWrappedKey: post.bodyWrappedKey,
          contentHash: post.contentHash,
          publishedAt: post.publishedAt ? new Date(post.publishedAt) : null,
        };
        const row = await tx.blogPost.upsert({ where: { siteId_slug: { siteId: site.id, slug: post.slug } }, create: { siteId: site.id, slug: post.slug, ...data }, update: data });
        // An invite-only post is readable on this hub only with its invite list.
        await replaceAccessList(tx, { resourceKey: resourceKey("post", row.id), wallets: post.whitelist });
      }
      return site.id;
    });
    if (local && (local.name !== identity.name || local.domain !== domain)) await refreshSiteSearchText({ siteId });
    synced.push({ domain, siteId, created: !local, blogPosts: identity.blogPosts.length });
  }
  return { success: true as const, peer, synced, skipped };
}
