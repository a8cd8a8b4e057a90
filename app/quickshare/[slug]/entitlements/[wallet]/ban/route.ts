import { route } from "@/lib/http/route";
import { changeEntitlement } from "@/lib/quickshare/change-entitlement";
import { entitlementParams } from "@/lib/schemas/quickshare";

// POST /quickshare/<slug>/entitlements/<wallet>/ban — ban a wallet: hard deny, no re-purchase (owner)
export const POST = route({ params: entitlementParams, auth: "session" }, ({ params, session }) =>
  changeEntitlement({ slug: params.slug, owner: session.wallet, wallet: params.wallet, action: "ban" }),
);
