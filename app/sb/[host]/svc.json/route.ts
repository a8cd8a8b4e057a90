import { z } from "zod";
import { blogContext } from "@/lib/blog/blog-context";
import { listPublishedPosts } from "@/lib/blog/list-posts";
import { siteManifest } from "@/lib/blog/post-manifest";
import { route } from "@/lib/http/route";

// GET /svc.json (blog origin) — the site manifest: one item per published post
export const GET = route({ params: z.object({ host: z.string() }), cache: true }, async ({ req, params }) => {
  const blog = await blogContext(req, params.host);
  return siteManifest({ blog, posts: await listPublishedPosts({ siteId: blog.site.id }) });
});
