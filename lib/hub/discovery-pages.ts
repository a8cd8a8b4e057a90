import type { PagePlug } from "@/lib/edge/plugs";

/**
 * The hub's public discovery pages: the home page, explore, the ledger, the statistics and the
 * leaderboards. Each renders from public reads and its URL's query alone, so an anonymous reader's
 * render is every anonymous reader's: the page cache (lib/edge/page-cache.ts) keeps it for the read
 * cache's bound (READ_CACHE_MS, dropped by a write through the instance), as the JSON answers of the
 * same reads are kept. A signed-in reader (a cookie) is always rendered for.
 */
export const DISCOVERY_PAGES: ReadonlySet<string> = new Set(["/", "/explore", "/ledger", "/stats", "/leaderboards"]);

export const discoveryPages: PagePlug = {
  host: "hub",
  matches: (pathname) => DISCOVERY_PAGES.has(pathname),
  kept: (pathname) => DISCOVERY_PAGES.has(pathname),
  route: () => null,
};
