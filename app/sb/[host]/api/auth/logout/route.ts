import { z } from "zod";
import { BLOG_SESSION_COOKIE, revokeSession, sessionCookie } from "@/lib/auth/session";
import { blogContext } from "@/lib/blog/blog-context";
import { route } from "@/lib/http/route";

// POST /api/auth/logout (blog origin) — end this blog's session server-side and clear sb_auth_session (idempotent)
export const POST = route({ params: z.object({ host: z.string() }) }, async ({ req, params }) => {
  const blog = await blogContext(req, params.host);
  if (blog.session) await revokeSession(blog.session.id);
  return Response.json({ success: true }, { headers: { "set-cookie": sessionCookie("", 0, BLOG_SESSION_COOKIE) } });
});
