import { blogSite } from "@/lib/blog/blog-scope";
import { blogFeed } from "@/lib/feeds/blog-feed";
import { feedResponse } from "@/lib/feeds/build-feed";
import { route } from "@/lib/http/route";
import { blogAtomOp } from "@/lib/openapi/paths-feeds";

// GET /atom.xml (blog origin) — the blog's atom feed: published, listed posts with teaser and price, never a paid body
export const GET = route({ ...blogAtomOp, auth: blogSite, cache: true }, async ({ blog }) =>
  feedResponse(await blogFeed({ blog, format: "atom" })),
);
