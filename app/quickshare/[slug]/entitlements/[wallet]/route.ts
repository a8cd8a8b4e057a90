import { route } from "@/lib/http/route";
import { restoreEntitlementOp } from "@/lib/openapi/paths-quickshare";
import { changeEntitlement } from "@/lib/quickshare/change-entitlement";

// DELETE /quickshare/<slug>/entitlements/<wallet> — restore a revoked or banned wallet (owner)
export const DELETE = route({ ...restoreEntitlementOp, auth: "session" }, ({ params, session }) =>
  changeEntitlement({ slug: params.slug, owner: session.wallet, wallet: params.wallet, action: "restore" }),
);
