import { BLOG_SESSION_COOKIE } from "@/lib/auth/session";
import { verifySignIn } from "@/lib/auth/verify-sign-in";
import { isBlogAdmin } from "@/lib/blog/blog-context";
import { blogSite } from "@/lib/blog/blog-scope";
import { route } from "@/lib/http/route";
import { blogVerifyOp } from "@/lib/openapi/paths-blog";

// POST /api/auth/verify (blog origin) — check the signed sign-in message and set the HttpOnly sb_auth_session cookie
export const POST = route({ ...blogVerifyOp, auth: blogSite }, async ({ body, blog }) => {
  const { session, cookie } = await verifySignIn({ message: body.message, signature: body.signature as `0x${string}`, origin: blog.origin, audience: blog.site.id, cookieName: BLOG_SESSION_COOKIE });
  const admin = await isBlogAdmin(blog.site, session.wallet);
  return Response.json(
    { success: true, wallet: session.wallet, expiresAt: session.expiresAt.toISOString(), role: admin ? "admin" : "reader" },
    { headers: { "set-cookie": cookie, "cache-control": "no-store" } },
  );
});
