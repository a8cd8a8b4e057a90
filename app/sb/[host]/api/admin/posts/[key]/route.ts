import { adminPostView } from "@/lib/blog/admin-post-view";
import { blogAdmin } from "@/lib/blog/blog-scope";
import { deletePost } from "@/lib/blog/delete-post";
import { adminPost } from "@/lib/blog/find-post";
import { savePost } from "@/lib/blog/save-post";
import { route } from "@/lib/http/route";
import { deletePostOp, getAdminPostOp, updatePostOp } from "@/lib/openapi/paths-blog";
import { readBody } from "@/lib/access/read-body";

// GET /api/admin/posts/<key> (blog origin) — one post, any status (?include=body: with its decrypted body); admin only
export const GET = route({ ...getAdminPostOp, auth: blogAdmin }, async ({ params, query, blog }) => {
  const post = await adminPost({ siteId: blog.site.id, key: params.key });
  const view = await adminPostView(post, blog.origin);
  return { success: true as const, post: query.include === "body" ? { ...view, body: post.bodyStorageRef ? await readBody({ resource: post }) : "" } : view };
});

// PUT /api/admin/posts/<key> (blog origin) — edit a post (a new body is encrypted under a new key); admin only
export const PUT = route({ ...updatePostOp, auth: blogAdmin }, async ({ params, body, blog, session }) => {
  return savePost({ blog, admin: session.wallet, key: params.key, input: body });
});

// DELETE /api/admin/posts/<key> (blog origin) — delete a draft or published post and its blobs (payments and ledger rows stay); admin only
export const DELETE = route({ ...deletePostOp, auth: blogAdmin }, async ({ params, blog }) => {
  return deletePost({ blog, key: params.key });
});
