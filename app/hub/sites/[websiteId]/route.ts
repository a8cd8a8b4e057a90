import { route } from "@/lib/http/route";
import { removeSiteOp } from "@/lib/openapi/paths-sites";
import { removeSite } from "@/lib/sites/remove-site";

// DELETE /hub/sites/<websiteId> — remove a site: its content leaves discovery, its events are refused
export const DELETE = route({ ...removeSiteOp, auth: "session" }, ({ params, session }) =>
  removeSite({ siteId: params.websiteId, wallet: session.wallet }),
);
