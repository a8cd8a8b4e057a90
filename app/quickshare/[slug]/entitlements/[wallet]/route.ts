import { route } from "@/lib/http/route";
import { changeEntitlement } from "@/lib/quickshare/change-entitlement";
import { entitlementParams } from "@/lib/schemas/quickshare";

// DELETE /quickshare/<slug>/entitlements/<wallet> — restore a revoked or banned wallet (owner)
export const DELETE = route({ params: entitlementParams, auth: "session" }, ({ params, session }) =>
  changeEntitlement({ slug: params.slug, owner: session.wallet, wallet: params.wallet, action: "restore" }),
);
