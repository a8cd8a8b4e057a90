import { adminPostView } from "@/lib/blog/admin-post-view";
import { blogAdmin } from "@/lib/blog/blog-scope";
import { listAllPosts } from "@/lib/blog/list-posts";
import { postStats } from "@/lib/blog/post-stats";
import { savePost } from "@/lib/blog/save-post";
import { route } from "@/lib/http/route";
import { createPostOp, listAdminPostsOp } from "@/lib/openapi/paths-blog";

// GET /api/admin/posts (blog origin) — every post of the blog, drafts included; admin only
export const GET = route({ ...listAdminPostsOp, auth: blogAdmin }, async ({ blog }) => {
  const posts = await listAllPosts({ siteId: blog.site.id });
  const stats = await postStats(posts);
  return { success: true as const, posts: await Promise.all(posts.map((p) => adminPostView(p, blog.origin, stats.get(p.id)))) };
});

// POST /api/admin/posts (blog origin) — create a post (body encrypted at rest); admin only
export const POST = route({ ...createPostOp, auth: blogAdmin }, async ({ body, blog, session }) => {
  return Response.json(await savePost({ blog, admin: session.wallet, input: body }), { status: 201 });
});
