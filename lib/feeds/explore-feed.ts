import "server-only";
import { blogOrigin } from "@/lib/blog/blog-origin";
import { env } from "@/lib/env";
import { type NewestItem, newestContent } from "@/lib/explore/newest-content";
import { keptForSameRows } from "@/lib/row-text";
import { buildFeed } from "./build-feed";
import type { FeedFormat } from "./feed-formats";

const FEED_ITEMS = 50;

/**
 * The hub's explore feed (GET /explore/feed.xml, /explore/atom.xml, /explore/feed.json): the newest
 * content of this network on verified, live sites (hosted posts' listings included, shares never),
 * each with its description and price, its site as author.
 */
export async function exploreFeed({ format }: { format: FeedFormat }) {
  const rows = await newestContent(FEED_ITEMS);
  return keptFeeds(format, rows, () => build(format, rows));
}

/**
 * Each format's feed, kept while the newest items are the same rows (lib/row-text.ts): the items are
 * read every time, and a feed is written again only when one of them changed. Writing fifty entries
 * (the `feed` package) cost more than reading them (bench/README.md, "Issue 38, session 64").
 */
const keptFeeds = keptForSameRows<ReturnType<typeof buildFeed>>();

function build(format: FeedFormat, rows: readonly NewestItem[]) {
  const explore = `${env.HUB_ORIGIN}/explore`;
  return buildFeed({
    format,
    title: "Explore · Paid Content Hub",
    description: "The newest paid and free content from verified creator sites on this hub.",
    link: explore,
    base: explore,
    author: { name: "Paid Content Hub", link: env.HUB_ORIGIN },
    entries: rows.map((c) => ({
      title: c.title || c.url,
      link: c.url,
      date: c.createdAt,
      summary: c.description,
      priceAtomic: c.priceAtomic,
      currency: c.currency,
      author: { name: c.siteName || c.domain, link: blogOrigin(c.domain) },
      cover: c.imageUrl || null,
      tags: c.tags.split(",").map((t) => t.trim()).filter(Boolean),
    })),
  });
}
