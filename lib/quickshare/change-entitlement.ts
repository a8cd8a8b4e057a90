import "server-only";
import { applyEntitlementAction, type EntitlementAction } from "@/lib/access/apply-entitlement-action";
import { findOwnedShare } from "./find-share";
import { shareAccess } from "./share-access";

/** The owner's revoke / ban / restore of one wallet's entitlement to a share (lib/access/apply-entitlement-action.ts). */
export async function changeEntitlement({ slug, owner, wallet, action }: { slug: string; owner: string; wallet: string; action: EntitlementAction }) {
  const share = await findOwnedShare({ slug, wallet: owner, allowRevoked: false });
  return applyEntitlementAction({ resourceKey: shareAccess.entitlementKey(share), wallet, action, what: "share" });
}
