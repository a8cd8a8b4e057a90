import { blogSite } from "@/lib/blog/blog-scope";
import { blogFeed } from "@/lib/feeds/blog-feed";
import { feedResponse } from "@/lib/feeds/build-feed";
import { route } from "@/lib/http/route";
import { blogRssOp } from "@/lib/openapi/paths-feeds";

// GET /feed.xml (blog origin) — the blog's rss feed: published, listed posts with teaser and price, never a paid body
export const GET = route({ ...blogRssOp, auth: blogSite, cache: true }, async ({ blog }) =>
  feedResponse(await blogFeed({ blog, format: "rss" })),
);
