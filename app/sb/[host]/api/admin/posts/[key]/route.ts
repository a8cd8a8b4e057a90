import { z } from "zod";
import { adminPostView } from "@/lib/blog/admin-post-view";
import { blogContext, requireAdmin } from "@/lib/blog/blog-context";
import { deletePost } from "@/lib/blog/delete-post";
import { adminPost } from "@/lib/blog/find-post";
import { savePost } from "@/lib/blog/save-post";
import { route } from "@/lib/http/route";
import { readBody } from "@/lib/access/read-body";
import { adminPostQuery, postKeyParams, updatePostBody } from "@/lib/schemas/blog";

const params = postKeyParams.extend({ host: z.string() });

// GET /api/admin/posts/<key> (blog origin) — one post, any status (?include=body: with its decrypted body); admin only
export const GET = route({ params, query: adminPostQuery }, async ({ req, params, query }) => {
  const blog = await blogContext(req, params.host);
  requireAdmin(blog, req);
  const post = await adminPost({ siteId: blog.site.id, key: params.key });
  const view = await adminPostView(post, blog.origin);
  return { success: true, post: query.include === "body" ? { ...view, body: post.bodyStorageRef ? await readBody({ resource: post }) : "" } : view };
});

// PUT /api/admin/posts/<key> (blog origin) — edit a post (a new body is encrypted under a new key); admin only
export const PUT = route({ params, body: updatePostBody }, async ({ req, params, body }) => {
  const blog = await blogContext(req, params.host);
  const session = requireAdmin(blog, req);
  return savePost({ blog, admin: session.wallet, key: params.key, input: body });
});

// DELETE /api/admin/posts/<key> (blog origin) — delete a draft or published post and its blobs (payments and ledger rows stay); admin only
export const DELETE = route({ params }, async ({ req, params }) => {
  const blog = await blogContext(req, params.host);
  requireAdmin(blog, req);
  return deletePost({ blog, key: params.key });
});
