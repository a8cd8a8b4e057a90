import "server-only";
import type { Address } from "viem";
import type { z } from "zod";
import { db } from "@/lib/db";
import { getProfile } from "@/lib/auth/get-profile";
import { ApiError } from "@/lib/http/errors";
import type { verifyStatusResponse } from "@/lib/schemas/sites";
import { normalizeDomain } from "./normalize-domain";
import { siteStatus } from "./site-status";

export type VerifyStatusBody = z.input<typeof verifyStatusResponse>;

// Stored strings holding the schema's values (wallets are stored EIP-55, prisma/schema.prisma): typed, not parsed.
type Field<K extends keyof VerifyStatusBody> = VerifyStatusBody[K];

/**
 * The public verification status of a domain (GET /hub/site/verify-status). An unknown domain is
 * not an error: it answers verified false with status `unregistered`. The site meta is what the
 * hub read from the domain at its last verification; this route never fetches the domain. Built
 * field by field, not parsed: the route wrapper checks the answer (outside production).
 */
export async function verificationStatus({ domain }: { domain: string }): Promise<VerifyStatusBody> {
  const host = normalizeDomain(domain);
  if (!host) throw new ApiError("invalid-request", `domain: "${domain.slice(0, 100)}" is not a host name`);
  const site = await db.site.findUnique({ where: { domain: host }, include: { ownerWallets: { orderBy: { createdAt: "asc" } } } });
  if (!site) {
    return {
      success: true,
      verified: false,
      verificationStatus: "unregistered",
      domain: host,
      name: "",
      lastVerifiedAt: null,
      verificationSource: null,
      ownerWallets: [],
      publisher: null,
      siteMeta: { name: "", description: "", faviconUrl: null, ogImageUrl: null },
      ownerProfile: null,
    };
  }
  const { verified, status } = siteStatus(site);
  // Owners and publisher are shown only for a proven site: a pending registration is just a claim.
  const proven = status === "verified" || status === "stale";
  const owners = site.ownerWallets.filter((w) => w.role === "owner").map((w) => w.wallet as Address);
  const profile = proven ? await getProfile(site.ownerWallet) : null;
  return {
    success: true,
    verified,
    verificationStatus: status,
    domain: site.domain,
    name: site.name,
    lastVerifiedAt: site.lastVerifiedAt?.toISOString() ?? null,
    verificationSource: site.verificationSource as Field<"verificationSource">,
    ownerWallets: proven ? (owners.length ? owners : [site.ownerWallet as Address]) : [],
    publisher: proven ? { wallet: site.ownerWallet as Address, username: profile?.username ?? null, avatarUrl: profile?.avatarUrl ?? null } : null,
    siteMeta: { name: site.name, description: site.description, faviconUrl: site.faviconUrl, ogImageUrl: site.ogImageUrl },
    ownerProfile: profile,
  };
}
