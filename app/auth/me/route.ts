import { getProfile } from "@/lib/auth/get-profile";
import { route } from "@/lib/http/route";
import { meOp } from "@/lib/openapi/paths-auth";

// GET /auth/me — the signed-in wallet and its publisher profile
export const GET = route({ ...meOp, auth: "session" }, async ({ session }) => ({
  success: true as const,
  wallet: session.wallet,
  expiresAt: session.expiresAt.toISOString(),
  profile: await getProfile(session.wallet),
}));
