import { revokeSession, sessionCookie } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { logoutOp } from "@/lib/openapi/paths-auth";

// POST /auth/logout — end the session server-side and clear the cookie (idempotent)
export const POST = route({ ...logoutOp, auth: "optional" }, async ({ session }) => {
  if (session) await revokeSession(session.id);
  return Response.json({ success: true }, { headers: { "set-cookie": sessionCookie("", 0) } });
});
