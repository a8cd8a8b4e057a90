import "server-only";
import type { BlogContext } from "@/lib/blog/blog-context";
import { splitTags } from "@/lib/blog/admin-post-view";
import { postUrls } from "@/lib/blog/post-urls";
import { db } from "@/lib/db";
import { walletName } from "@/lib/sites/wallet-names";
import { buildFeed } from "./build-feed";
import type { FeedFormat } from "./feed-formats";

const FEED_POSTS = 50;

/**
 * A hosted blog's feed (GET /feed.xml, /atom.xml, /feed.json on the blog's origin): its newest
 * published, listed posts (invite-only posts, drafts and deleted posts never), each with its teaser and
 * price. The body is not even read here, so a paid post's text cannot reach a feed.
 */
export async function blogFeed({ blog, format }: { blog: BlogContext; format: FeedFormat }) {
  const { site, origin } = blog;
  const [posts, ownerName] = await Promise.all([
    db.blogPost.findMany({
      where: { siteId: site.id, status: "published", publicAccess: true },
      orderBy: [{ publishedAt: "desc" }, { id: "asc" }],
      take: FEED_POSTS,
      select: { id: true, type: true, slug: true, title: true, summary: true, priceAtomic: true, currency: true, coverUrl: true, tags: true, publishedAt: true, createdAt: true },
    }),
    walletName(site.ownerWallet),
  ]);
  const author = { name: ownerName ?? site.name, link: `${origin}/` };
  return buildFeed({
    format,
    title: site.name,
    description: site.description,
    link: `${origin}/`,
    base: origin,
    author,
    entries: posts.map((p) => ({
      title: p.title,
      link: postUrls(origin, p).page,
      date: p.publishedAt ?? p.createdAt,
      summary: p.summary,
      priceAtomic: p.priceAtomic,
      currency: p.currency,
      author,
      cover: p.coverUrl,
      tags: splitTags(p.tags),
    })),
  });
}
