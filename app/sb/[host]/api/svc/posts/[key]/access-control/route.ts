import { z } from "zod";
import { blogContext, requireAdmin } from "@/lib/blog/blog-context";
import { getPostAccessControl, updatePostAccessControl } from "@/lib/blog/post-admin-actions";
import { route } from "@/lib/http/route";
import { postAccessControlBody, postKeyParams } from "@/lib/schemas/blog";

const params = postKeyParams.extend({ host: z.string() });

// GET /api/svc/posts/<key>/access-control (blog origin) — whitelist, tier, publicAccess; admin only
export const GET = route({ params }, async ({ req, params }) => {
  const blog = await blogContext(req, params.host);
  requireAdmin(blog, req);
  return getPostAccessControl({ blog, key: params.key });
});

// PUT /api/svc/posts/<key>/access-control (blog origin) — change whitelist, tier, publicAccess; admin only
export const PUT = route({ params, body: postAccessControlBody }, async ({ req, params, body }) => {
  const blog = await blogContext(req, params.host);
  requireAdmin(blog, req);
  return updatePostAccessControl({ blog, key: params.key, input: body });
});
