import { ApiError } from "@/lib/http/errors";
import { isOnDomain } from "@/lib/sites/check-widget-install";

/**
 * An event must say where it comes from, and everything it names must be on the site's domain (or
 * a subdomain): the browser's Origin (or Referer) header, the page url and the resource url.
 * Browsers cannot forge Origin, so a page on another site cannot report for this one; a
 * server-side sender without Origin must name the page url.
 */
export function checkEventOrigin({ domain, origin, referer, urls }: { domain: string; origin: string | null; referer: string | null; urls: Array<string | undefined> }) {
  const claimed: Array<[string, string]> = [];
  if (origin && origin !== "null") claimed.push(["Origin", origin]);
  else if (referer) claimed.push(["Referer", referer]);
  for (const u of urls) if (u) claimed.push(["url", u]);
  if (origin === "null") throw new ApiError("unknown-origin", "Events from an opaque origin (Origin: null) are refused");
  if (claimed.length === 0) throw new ApiError("unknown-origin", `The event names no origin: send it from a page of ${domain} or give its url`);
  const off = claimed.find(([, value]) => !isOnDomain(value, domain));
  if (off) throw new ApiError("unknown-origin", `${off[0]} ${off[1].slice(0, 200)} is not on ${domain}`);
}
