import { route } from "@/lib/http/route";
import { getAccessControlOp, putAccessControlOp } from "@/lib/openapi/paths-quickshare";
import { getAccessControl } from "@/lib/quickshare/get-access-control";
import { updateAccessControl } from "@/lib/quickshare/update-access-control";

// GET /quickshare/<slug>/access-control — price, whitelist, publicAccess and entitlements (owner)
export const GET = route({ ...getAccessControlOp, auth: "session" }, ({ params, session }) => getAccessControl({ slug: params.slug, owner: session.wallet }));

// PUT /quickshare/<slug>/access-control — edit price, whitelistPrice, whitelist, publicAccess, or publish a draft (owner)
export const PUT = route({ ...putAccessControlOp, auth: "session" }, ({ params, body, session }) =>
  updateAccessControl({ slug: params.slug, owner: session.wallet, input: body }),
);
