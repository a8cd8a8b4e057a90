import "server-only";
import { canonicalDomain } from "@/lib/chain/predict";
import { fetchSitePage, type FetchAttempt, type SitePage } from "./fetch-site-page";
import { widgetProofStrings } from "./site-secret";

/** True when `url` is an http(s) URL on the domain or one of its subdomains. */
export function isOnDomain(url: string, domain: string): boolean {
  try {
    const u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") return false;
    const host = canonicalDomain(u.hostname);
    return host === domain || host.endsWith(`.${domain}`);
  } catch {
    return false;
  }
}

/**
 * Widget proof: a page served by the domain embeds the hub widget with this site's public key (the
 * snippet carries `data-site-key="pk_…"`; a snippet from before the split carries the old token). The
 * page is the one the widget reported from, when it is on the domain, else the home page.
 */
export async function checkWidgetInstall({ site, pageUrl }: { site: Parameters<typeof widgetProofStrings>[0] & { domain: string }; pageUrl?: string | null }) {
  const domain = site.domain;
  const attempts: FetchAttempt[] = [];
  const urls = pageUrl && isOnDomain(pageUrl, domain) ? [pageUrl] : undefined;
  const fetched = await fetchSitePage({ domain, path: "/", urls });
  attempts.push(...fetched.attempts);
  const page: SitePage | null = fetched.page;
  const ok = !!page && widgetProofStrings(site).some((s) => page.html.includes(s));
  if (page) attempts.push({ url: page.url, ok, detail: ok ? "embeds the widget with this site's key" : "does not embed the widget with this site's key" });
  return { ok, attempts, page };
}
