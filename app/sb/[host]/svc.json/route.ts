import { blogSite } from "@/lib/blog/blog-scope";
import { listPublishedPosts } from "@/lib/blog/list-posts";
import { siteManifest } from "@/lib/blog/post-manifest";
import { route } from "@/lib/http/route";
import { svcJsonOp } from "@/lib/openapi/paths-blog";

// GET /svc.json (blog origin) — the site manifest: one item per published post
export const GET = route({ ...svcJsonOp, auth: blogSite, cache: true }, async ({ blog }) => {
  return siteManifest({ blog, posts: await listPublishedPosts({ siteId: blog.site.id }) });
});
