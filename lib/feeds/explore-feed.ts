import "server-only";
import { db } from "@/lib/db";
import { blogOrigin } from "@/lib/blog/blog-origin";
import { env } from "@/lib/env";
import { buildFeed } from "./build-feed";
import type { FeedFormat } from "./feed-formats";

const FEED_ITEMS = 50;

/**
 * The hub's explore feed (GET /explore/feed.xml, /explore/atom.xml, /explore/feed.json): the newest
 * content of this network on verified, live sites (hosted posts' listings included, shares never),
 * each with its description and price, its site as author.
 */
export async function exploreFeed({ format }: { format: FeedFormat }) {
  const rows = await db.content.findMany({
    where: { network: env.NETWORK_MODE, site: { verified: true, removedAt: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: FEED_ITEMS,
    select: { title: true, description: true, url: true, imageUrl: true, priceAtomic: true, currency: true, tags: true, createdAt: true, site: { select: { name: true, domain: true } } },
  });
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
      author: { name: c.site.name || c.site.domain, link: blogOrigin(c.site.domain) },
      cover: c.imageUrl || null,
      tags: c.tags.split(",").map((t) => t.trim()).filter(Boolean),
    })),
  });
}
