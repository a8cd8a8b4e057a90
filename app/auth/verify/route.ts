import { verifySignIn } from "@/lib/auth/verify-sign-in";
import { route } from "@/lib/http/route";
import { verifyOp } from "@/lib/openapi/paths-auth";

// POST /auth/verify — check the signed sign-in message and set the auth_session cookie
export const POST = route(verifyOp, async ({ body }) => {
  const { session, cookie } = await verifySignIn({ message: body.message, signature: body.signature as `0x${string}` });
  return Response.json(
    { success: true, wallet: session.wallet, expiresAt: session.expiresAt.toISOString() },
    { headers: { "set-cookie": cookie, "cache-control": "no-store" } },
  );
});
