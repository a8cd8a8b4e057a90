import { blogReader } from "@/lib/blog/blog-scope";
import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { blogMeOp } from "@/lib/openapi/paths-blog";

// GET /api/auth/me (blog origin) — the wallet of this blog's session and its role
export const GET = route({ ...blogMeOp, auth: blogReader }, async ({ blog }) => {
  if (!blog.session) throw new ApiError("unauthorized", "Sign in to this blog first (GET /api/auth/nonce, POST /api/auth/verify)");
  return { success: true as const, wallet: blog.session.wallet, expiresAt: blog.session.expiresAt.toISOString(), role: blog.admin ? ("admin" as const) : ("reader" as const), site: { id: blog.site.id, domain: blog.site.domain } };
});
