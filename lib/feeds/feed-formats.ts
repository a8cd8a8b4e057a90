/** The three feed formats every feed is served in, with their path (under the feed's base) and media type. */
export const FEED_FORMATS = {
  rss: { file: "feed.xml", type: "application/rss+xml", title: "RSS" },
  atom: { file: "atom.xml", type: "application/atom+xml", title: "Atom" },
  json: { file: "feed.json", type: "application/feed+json", title: "JSON Feed" },
} as const;

export type FeedFormat = keyof typeof FEED_FORMATS;

/** How long a reader or aggregator may keep a feed: short, so a new post shows within minutes. */
export const FEED_MAX_AGE_S = 300;

/** The feed URLs under `base` (a blog's origin, or the hub's /explore), by format. */
export function feedLinks(base: string): Record<FeedFormat, string> {
  return { rss: `${base}/${FEED_FORMATS.rss.file}`, atom: `${base}/${FEED_FORMATS.atom.file}`, json: `${base}/${FEED_FORMATS.json.file}` };
}

/** Next metadata's `alternates.types` for a page that links its feeds from <head> (one <link rel="alternate"> per format). */
export function feedAlternates(base: string, title: string) {
  const links = feedLinks(base);
  return {
    [FEED_FORMATS.rss.type]: [{ url: links.rss, title: `${title} (RSS)` }],
    [FEED_FORMATS.atom.type]: [{ url: links.atom, title: `${title} (Atom)` }],
    [FEED_FORMATS.json.type]: [{ url: links.json, title: `${title} (JSON Feed)` }],
  };
}
