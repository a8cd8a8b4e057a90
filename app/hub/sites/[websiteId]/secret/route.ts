import { route } from "@/lib/http/route";
import { rotateSecretOp } from "@/lib/openapi/paths-sites";
import { rotateSiteSecret } from "@/lib/sites/rotate-site-secret";

// POST /hub/sites/<websiteId>/secret — issue a new site secret (shown once); the old one stops working
export const POST = route({ ...rotateSecretOp, auth: "session" }, ({ params, session }) =>
  rotateSiteSecret({ siteId: params.websiteId, wallet: session.wallet }),
);
