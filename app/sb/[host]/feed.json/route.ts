import { blogSite } from "@/lib/blog/blog-scope";
import { blogFeed } from "@/lib/feeds/blog-feed";
import { feedResponse } from "@/lib/feeds/build-feed";
import { route } from "@/lib/http/route";
import { blogJsonFeedOp } from "@/lib/openapi/paths-feeds";

// GET /feed.json (blog origin) — the blog's json feed: published, listed posts with teaser and price, never a paid body
export const GET = route({ ...blogJsonFeedOp, auth: blogSite, cache: true }, async ({ blog }) =>
  feedResponse(await blogFeed({ blog, format: "json" })),
);
