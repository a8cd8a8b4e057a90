import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { enforceRateLimit } from "@/lib/rate-limit/enforce-rate-limit";
import { siteStatus } from "@/lib/sites/site-status";
import { hashFacilitatorKey } from "./hash-facilitator-key";

const KEY_SHAPE = /^fk_[A-Za-z0-9_-]{43}$/;

export type FacilitatorSite = { id: string; domain: string; name: string; ownerWallet: string; feeWallet: string | null; hosted: boolean };

/**
 * The site a facilitator call acts for, from its `Authorization: Bearer <key>` value: 401 without a
 * key or with one the hub did not issue or has revoked, 403 while the site is not verified (pending,
 * failed, stale or removed), 429 past the site's rate limit.
 */
export async function authenticateFacilitator({ authorization }: { authorization: string | null }): Promise<FacilitatorSite> {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!key) throw new ApiError("unauthorized", "Send the site's facilitator key as Authorization: Bearer <key> (issued at POST /hub/sites/<websiteId>/facilitator-keys)");
  const row = KEY_SHAPE.test(key) ? await db.facilitatorKey.findUnique({ where: { keyHash: hashFacilitatorKey(key) }, include: { site: true } }) : null;
  if (!row || row.revokedAt) throw new ApiError("unauthorized", "This facilitator key is unknown or revoked");
  const { verified, status } = siteStatus(row.site);
  if (!verified) {
    throw new ApiError(status === "removed" ? "site-removed" : "site-not-verified", `${row.site.domain} is ${status}: the facilitator serves verified sites only (POST /hub/sites/<websiteId>/verify)`);
  }
  await enforceRateLimit({ key: `facilitator:${row.site.id}`, limit: env.FACILITATOR_RATE_LIMIT_PER_MINUTE, windowMs: 60_000, what: `Facilitator calls for ${row.site.domain}` });
  // Last use is informational: written at most once a minute per key.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.facilitatorKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  }
  const { id, domain, name, ownerWallet, feeWallet, hosted } = row.site;
  return { id, domain, name, ownerWallet, feeWallet, hosted };
}
