import { z } from "zod";
import { adminPostView } from "@/lib/blog/admin-post-view";
import { blogContext, requireAdmin } from "@/lib/blog/blog-context";
import { listAllPosts } from "@/lib/blog/list-posts";
import { postStats } from "@/lib/blog/post-stats";
import { savePost } from "@/lib/blog/save-post";
import { route } from "@/lib/http/route";
import { createPostBody } from "@/lib/schemas/blog";

const params = z.object({ host: z.string() });

// GET /api/admin/posts (blog origin) — every post of the blog, drafts included; admin only
export const GET = route({ params }, async ({ req, params }) => {
  const blog = await blogContext(req, params.host);
  requireAdmin(blog, req);
  const posts = await listAllPosts({ siteId: blog.site.id });
  const stats = await postStats(posts);
  return { success: true, posts: await Promise.all(posts.map((p) => adminPostView(p, blog.origin, stats.get(p.id)))) };
});

// POST /api/admin/posts (blog origin) — create a post (body encrypted at rest); admin only
export const POST = route({ params, body: createPostBody }, async ({ req, params, body }) => {
  const blog = await blogContext(req, params.host);
  const session = requireAdmin(blog, req);
  return Response.json(await savePost({ blog, admin: session.wallet, input: body }), { status: 201 });
});
