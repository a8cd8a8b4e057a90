import "server-only";
import { rateLimit } from "@/lib/rate-limit/rate-limit";
import { checkOwnerLink } from "@/lib/sites/check-owner-link";
import { checkWidgetInstall } from "@/lib/sites/check-widget-install";
import { markSiteVerified } from "@/lib/sites/mark-site-verified";
import { readSiteMeta } from "@/lib/sites/read-site-meta";

/** How often an event may make the hub fetch an unproven or stale site. */
export const INLINE_REVERIFY = { limit: 1, windowMs: 30_000 };

type SiteForProof = { id: string; domain: string; siteKey: string; secretHash: string | null; verifyToken: string | null; ownerWallet: string; verificationSource: string | null };

/**
 * The widget's own proof: an event from a site that is not (or no longer) verified makes the hub
 * fetch the page it came from and look for the widget with the site's key (and, for an
 * owner-link site, the owner file or tag again). At most once per 30 s per site.
 */
export async function reverifyOnEvent({ site, pageUrl }: { site: SiteForProof; pageUrl?: string }): Promise<boolean> {
  const slot = await rateLimit({ key: `evt-reverify:${site.id}`, ...INLINE_REVERIFY });
  if (!slot.allowed) return false;
  const widget = await checkWidgetInstall({ site, pageUrl });
  if (widget.ok) {
    const isHome = widget.page && new URL(widget.page.url).pathname === "/";
    await markSiteVerified({ siteId: site.id, source: "widget", meta: isHome ? readSiteMeta(widget.page!.html, widget.page!.url) : null });
    return true;
  }
  if (site.verificationSource === "owner-link" || site.verificationSource === null) {
    const link = await checkOwnerLink({ domain: site.domain, wallets: [site.ownerWallet] });
    if (link.ok) {
      await markSiteVerified({ siteId: site.id, source: "owner-link", wallet: link.wallet, meta: link.home ? readSiteMeta(link.home.html, link.home.url) : null });
      return true;
    }
  }
  return false;
}
