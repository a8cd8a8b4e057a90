import { getProfile } from "@/lib/auth/get-profile";
import { route } from "@/lib/http/route";

// GET /auth/me — the signed-in wallet and its publisher profile
export const GET = route({ auth: "session" }, async ({ session }) => ({
  success: true,
  wallet: session.wallet,
  expiresAt: session.expiresAt.toISOString(),
  profile: await getProfile(session.wallet),
}));
