import "server-only";
import { db } from "@/lib/db";
import { enforceRateLimit } from "@/lib/rate-limit/enforce-rate-limit";
import { checkCrossStack } from "./check-cross-stack";
import { checkOwnerLink } from "./check-owner-link";
import { checkWidgetInstall } from "./check-widget-install";
import { fetchSitePage, type FetchAttempt, type SitePage } from "./fetch-site-page";
import { loadOwnedSite } from "./load-owned-site";
import { markSiteVerified, type VerificationSource } from "./mark-site-verified";
import { readSiteMeta, type SiteMeta } from "./read-site-meta";
import { ownedSiteInclude, toOwnedSite } from "./site-view";

/** Verification attempts per site per minute: each one fetches the creator's domain. */
export const VERIFY_RATE = { limit: 10, windowMs: 60_000 };

/**
 * Runs one proof for a site the session wallet owns. Success marks it verified by that source
 * (and reads its name, description and images from the home page); failure leaves a verified site
 * as it was and marks an unproven one `failed`. Every URL tried is reported.
 */
export async function verifySite({ siteId, wallet, method, pageUrl }: { siteId: string; wallet: string; method: VerificationSource; pageUrl?: string }) {
  const site = await loadOwnedSite({ siteId, wallet });
  await enforceRateLimit({ key: `site-verify:${site.id}`, ...VERIFY_RATE, what: "Site verification" });

  let ok = false;
  let attempts: FetchAttempt[] = [];
  let home: SitePage | null = null;
  let meta: SiteMeta | null = null;
  if (method === "owner-link") {
    const r = await checkOwnerLink({ domain: site.domain, wallets: [wallet] });
    ({ ok, attempts, home } = r);
  } else if (method === "widget") {
    const r = await checkWidgetInstall({ site, pageUrl });
    ({ ok, attempts } = r);
    home = r.page && new URL(r.page.url).pathname === "/" ? r.page : null;
  } else {
    const r = await checkCrossStack({ domain: site.domain, wallet });
    ({ ok, attempts } = r);
    if (r.identity) meta = { name: r.identity.name, description: r.identity.description, faviconUrl: r.identity.faviconUrl, ogImageUrl: r.identity.ogImageUrl };
  }

  if (ok) {
    if (!meta && method !== "cross-stack") {
      home ??= (await fetchSitePage({ domain: site.domain, path: "/" })).page;
      meta = home ? readSiteMeta(home.html, home.url) : null;
    }
    await markSiteVerified({ siteId: site.id, source: method, wallet, meta });
  } else if (!site.verified) {
    await db.site.updateMany({ where: { id: site.id, verified: false }, data: { verificationStatus: "failed" } });
  }
  const fresh = await db.site.findUniqueOrThrow({ where: { id: site.id }, include: ownedSiteInclude() });
  return { success: true as const, verified: ok, method, attempts, site: toOwnedSite(fresh) };
}
