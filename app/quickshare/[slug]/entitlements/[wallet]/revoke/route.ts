import { route } from "@/lib/http/route";
import { revokeEntitlementOp } from "@/lib/openapi/paths-quickshare";
import { changeEntitlement } from "@/lib/quickshare/change-entitlement";

// POST /quickshare/<slug>/entitlements/<wallet>/revoke — revoke a wallet's access; it may buy again (owner)
export const POST = route({ ...revokeEntitlementOp, auth: "session" }, ({ params, session }) =>
  changeEntitlement({ slug: params.slug, owner: session.wallet, wallet: params.wallet, action: "revoke" }),
);
