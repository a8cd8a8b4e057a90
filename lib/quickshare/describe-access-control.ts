import "server-only";
import type { z } from "zod";
import { describeAccessList } from "@/lib/access/describe-access-list";
import { policyView } from "@/lib/access/audience-policy";
import { formatUsdc } from "@/lib/money";
import type { accessControlResponse } from "@/lib/schemas/quickshare";
import type { ShareRow } from "./find-share";
import { shareAccess } from "./share-access";
import { shareStatus } from "./share-status";

export type AccessControl = z.infer<typeof accessControlResponse>;

/** The owner's access-control view of a share: prices, publicAccess, and the engine's list-and-entitlements view (lib/access/describe-access-list.ts). */
export async function describeAccessControl(share: ShareRow): Promise<AccessControl> {
  const { whitelist, entitlements } = await describeAccessList(shareAccess.entitlementKey(share));
  return {
    success: true,
    slug: share.slug,
    price: formatUsdc(share.priceAtomic),
    whitelistPrice: share.whitelistPriceAtomic === null ? null : formatUsdc(share.whitelistPriceAtomic),
    currency: share.currency,
    publicAccess: share.publicAccess,
    whitelist,
    accessPolicy: policyView(share.audiencePolicy),
    status: shareStatus(share),
    entitlements,
  };
}
