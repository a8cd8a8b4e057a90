import { blogAdmin } from "@/lib/blog/blog-scope";
import { getPostAccessControl, updatePostAccessControl } from "@/lib/blog/post-admin-actions";
import { route } from "@/lib/http/route";
import { getPostAccessControlOp, putPostAccessControlOp } from "@/lib/openapi/paths-blog";

// GET /api/svc/posts/<key>/access-control (blog origin) — whitelist, tier, publicAccess; admin only
export const GET = route({ ...getPostAccessControlOp, auth: blogAdmin }, async ({ params, blog }) => {
  return getPostAccessControl({ blog, key: params.key });
});

// PUT /api/svc/posts/<key>/access-control (blog origin) — change whitelist, tier, publicAccess; admin only
export const PUT = route({ ...putPostAccessControlOp, auth: blogAdmin }, async ({ params, body, blog }) => {
  return updatePostAccessControl({ blog, key: params.key, input: body });
});
