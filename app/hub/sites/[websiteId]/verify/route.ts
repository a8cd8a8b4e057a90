import { route } from "@/lib/http/route";
import { verifySiteOp } from "@/lib/openapi/paths-sites";
import { verifySite } from "@/lib/sites/verify-site";

// POST /hub/sites/<websiteId>/verify — prove the domain by owner-link, widget or cross-stack
export const POST = route({ ...verifySiteOp, auth: "session" }, ({ params, body, session }) =>
  verifySite({ siteId: params.websiteId, wallet: session.wallet, method: body.method, pageUrl: body.pageUrl }),
);
