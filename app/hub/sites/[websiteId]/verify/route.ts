import { route } from "@/lib/http/route";
import { verifySiteBody, websiteIdParams } from "@/lib/schemas/sites";
import { verifySite } from "@/lib/sites/verify-site";

// POST /hub/sites/<websiteId>/verify — prove the domain by owner-link, widget or cross-stack
export const POST = route({ params: websiteIdParams, body: verifySiteBody, auth: "session" }, ({ params, body, session }) =>
  verifySite({ siteId: params.websiteId, wallet: session.wallet, method: body.method, pageUrl: body.pageUrl }),
);
