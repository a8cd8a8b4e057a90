import "server-only";
import { getAddress, isAddress } from "viem";
import { fetchSitePage, type FetchAttempt, type SitePage } from "./fetch-site-page";
import { metaValues } from "./read-site-meta";

export const OWNER_FILE_PATH = "/.well-known/svc-owner.txt";
export const OWNER_META_NAME = "svc:owner";

function walletsIn(text: string): Set<`0x${string}`> {
  return new Set([...text.matchAll(/0x[0-9a-fA-F]{40}/g)].map((m) => m[0]).filter((a) => isAddress(a, { strict: false })).map((a) => getAddress(a)));
}

/**
 * Owner-link proof: the domain names the wallet itself, in /.well-known/svc-owner.txt (any
 * line; several wallets allowed) or in a <meta name="svc:owner" content="0x…"> tag of its home
 * page. Returns the wallet proven (one of `wallets`), every URL tried, and the home page when
 * it was fetched (for the site's name, description and images).
 */
export async function checkOwnerLink({ domain, wallets }: { domain: string; wallets: string[] }) {
  const wanted = new Set<string>(wallets.map((w) => getAddress(w)));
  const attempts: FetchAttempt[] = [];

  const file = await fetchSitePage({ domain, path: OWNER_FILE_PATH });
  attempts.push(...file.attempts);
  let proven: string | null = null;
  if (file.page) {
    proven = [...walletsIn(file.page.html)].find((w) => wanted.has(w)) ?? null;
    attempts.push({ url: file.page.url, ok: !!proven, detail: proven ? `names ${proven}` : "does not name your wallet" });
  }

  let home: SitePage | null = null;
  if (!file.unreachable) {
    const page = await fetchSitePage({ domain, path: "/" });
    attempts.push(...page.attempts);
    home = page.page;
    if (home && !proven) {
      const named = metaValues(home.html, OWNER_META_NAME).flatMap((v) => [...walletsIn(v)]);
      proven = named.find((w) => wanted.has(w)) ?? null;
      attempts.push({ url: home.url, ok: !!proven, detail: proven ? `meta ${OWNER_META_NAME} names ${proven}` : `no <meta name="${OWNER_META_NAME}"> naming your wallet` });
    }
  }
  return { ok: !!proven, wallet: proven, attempts, home };
}
