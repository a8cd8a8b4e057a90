import { blogAdmin } from "@/lib/blog/blog-scope";
import { getPostAccessControl, updatePostAccessControl } from "@/lib/blog/post-admin-actions";
import { route } from "@/lib/http/route";
import { postAccessControlBody, postKeyParams } from "@/lib/schemas/blog";

// GET /api/svc/posts/<key>/access-control (blog origin) — whitelist, tier, publicAccess; admin only
export const GET = route({ auth: blogAdmin, params: postKeyParams }, async ({ params, blog }) => {
  return getPostAccessControl({ blog, key: params.key });
});

// PUT /api/svc/posts/<key>/access-control (blog origin) — change whitelist, tier, publicAccess; admin only
export const PUT = route({ auth: blogAdmin, params: postKeyParams, body: postAccessControlBody }, async ({ params, body, blog }) => {
  return updatePostAccessControl({ blog, key: params.key, input: body });
});
