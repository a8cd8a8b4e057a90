import { route } from "@/lib/http/route";
import { banEntitlementOp } from "@/lib/openapi/paths-quickshare";
import { changeEntitlement } from "@/lib/quickshare/change-entitlement";

// POST /quickshare/<slug>/entitlements/<wallet>/ban — ban a wallet: hard deny, no re-purchase (owner)
export const POST = route({ ...banEntitlementOp, auth: "session" }, ({ params, session }) =>
  changeEntitlement({ slug: params.slug, owner: session.wallet, wallet: params.wallet, action: "ban" }),
);
