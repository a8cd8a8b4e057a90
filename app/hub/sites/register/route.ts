import { route } from "@/lib/http/route";
import { registerSiteBody } from "@/lib/schemas/sites";
import { registerSite } from "@/lib/sites/register-site";

// POST /hub/sites/register — register a domain for the session wallet (pending until proven)
export const POST = route({ body: registerSiteBody, auth: "session" }, async ({ body, session }) => ({
  success: true,
  ...(await registerSite({ wallet: session.wallet, ...body })),
}));
