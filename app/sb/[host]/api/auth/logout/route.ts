import { BLOG_SESSION_COOKIE, revokeSession, sessionCookie } from "@/lib/auth/session";
import { blogReader } from "@/lib/blog/blog-scope";
import { route } from "@/lib/http/route";
import { blogLogoutOp } from "@/lib/openapi/paths-blog";

// POST /api/auth/logout (blog origin) — end this blog's session server-side and clear sb_auth_session (idempotent)
export const POST = route({ ...blogLogoutOp, auth: blogReader }, async ({ blog }) => {
  if (blog.session) await revokeSession(blog.session.id);
  return Response.json({ success: true }, { headers: { "set-cookie": sessionCookie("", 0, BLOG_SESSION_COOKIE) } });
});
