import "server-only";
import { env } from "@/lib/env";
import { isRefusal, safeFetch, SafeFetchError, type SafeFetchResult } from "@/lib/net/safe-fetch";
import { parseSiteFetchAllowlist } from "./site-fetch-allowlist";

export type FetchAttempt = { url: string; ok: boolean; detail: string };
export type SitePage = { url: string; html: string };

// A verification page is small; the budget per URL keeps a slow creator host from holding a request.
const PAGE_LIMITS = { maxBytes: 512 * 1024, timeoutMs: 4_000, maxRedirects: 5 };

let allowlist: { raw: string; parsed: ReturnType<typeof parseSiteFetchAllowlist> } | undefined;
function allowHosts() {
  if (allowlist?.raw !== env.SITE_FETCH_ALLOW_HOSTS) {
    allowlist = { raw: env.SITE_FETCH_ALLOW_HOSTS, parsed: parseSiteFetchAllowlist(env.SITE_FETCH_ALLOW_HOSTS) };
  }
  return allowlist.parsed;
}

/**
 * GETs `path` on a creator's domain through the SSRF guard, over https first and then http, and
 * returns the first 2xx answer (or null) with a line per URL that failed; `unreachable` when the
 * domain itself is refused by the guard or does not resolve. Only SITE_FETCH_ALLOW_HOSTS
 * (tests and development) lets it reach a non-public address.
 */
export async function fetchSitePage({ domain, path, urls }: { domain: string; path?: string; urls?: string[] }) {
  const candidates = urls ?? [`https://${domain}${path ?? "/"}`, `http://${domain}${path ?? "/"}`];
  const attempts: FetchAttempt[] = [];
  for (const url of candidates) {
    let res: SafeFetchResult;
    try {
      res = await safeFetch(url, { ...PAGE_LIMITS, allowHosts: allowHosts(), headers: { accept: "text/html,text/plain;q=0.9,*/*;q=0.5" } });
    } catch (err) {
      if (!(err instanceof SafeFetchError)) throw err;
      const hop = err.url && err.url !== url ? ` (after a redirect to ${err.url.slice(0, 200)})` : "";
      attempts.push({ url, ok: false, detail: `${isRefusal(err.reason) ? "refused" : "failed"} (${err.reason}): ${err.message}${hop}` });
      // The domain itself is off limits or unknown: no other scheme or path will do better.
      if ((err.reason === "blocked-address" || err.reason === "dns") && err.url && new URL(err.url).host === new URL(url).host) {
        return { page: null, attempts, unreachable: true };
      }
      continue;
    }
    if (res.status >= 200 && res.status < 300) {
      return { page: { url: res.url, html: res.text() } as SitePage, attempts, unreachable: false };
    }
    attempts.push({ url, ok: false, detail: `HTTP ${res.status}` });
  }
  return { page: null, attempts, unreachable: false };
}
