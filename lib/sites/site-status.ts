import { env } from "@/lib/env";

type StatusFields = { verified: boolean; verificationStatus: string; lastVerifiedAt: Date | null; removedAt: Date | null };

export type SiteStatus = "pending" | "verified" | "failed" | "stale" | "removed";

/** True when a verified site's last proof is older than SITE_VERIFICATION_MAX_AGE_DAYS. */
export function isStale(site: Pick<StatusFields, "verified" | "lastVerifiedAt">, now = Date.now()): boolean {
  if (!site.verified) return false;
  return !site.lastVerifiedAt || now - site.lastVerifiedAt.getTime() > maxAgeMs();
}

const maxAgeMs = () => env.SITE_VERIFICATION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

/**
 * The last instant (ms since the epoch) `siteStatus` gives what it gives now: a current proof goes stale
 * when it passes the maximum age; every other status holds until the site's row changes.
 */
export function statusHoldsUntil(site: StatusFields): number {
  if (site.removedAt || !site.verified || !site.lastVerifiedAt || isStale(site)) return Number.POSITIVE_INFINITY;
  return site.lastVerifiedAt.getTime() + maxAgeMs();
}

/**
 * The status a site shows: removed, stale (verified once, but the proof is older than the maximum
 * age: events are refused until it is proven again), or the stored one. `verified` is true only
 * for a current proof.
 */
export function siteStatus(site: StatusFields): { verified: boolean; status: SiteStatus } {
  if (site.removedAt) return { verified: false, status: "removed" };
  if (site.verified) return isStale(site) ? { verified: false, status: "stale" } : { verified: true, status: "verified" };
  const stored = site.verificationStatus as SiteStatus;
  return { verified: false, status: stored === "failed" ? "failed" : "pending" };
}
