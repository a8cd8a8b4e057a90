import { route } from "@/lib/http/route";
import { registerSiteOp } from "@/lib/openapi/paths-sites";
import { registerSite } from "@/lib/sites/register-site";

// POST /hub/sites/register — register a domain for the session wallet (pending until proven)
export const POST = route({ ...registerSiteOp, auth: "session" }, async ({ body, session }) => ({
  success: true as const,
  ...(await registerSite({ wallet: session.wallet, ...body })),
}));
