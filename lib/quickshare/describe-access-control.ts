import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { policyView } from "@/lib/access/audience-policy";
import { formatUsdc } from "@/lib/money";
import type { accessControlResponse } from "@/lib/schemas/quickshare";
import type { ShareRow } from "./find-share";
import { shareAccess } from "./share-access";
import { shareStatus } from "./share-status";

export type AccessControl = z.infer<typeof accessControlResponse>;

/** The owner's access-control view of a share: prices, list, publicAccess and every entitlement. */
export async function describeAccessControl(share: ShareRow): Promise<AccessControl> {
  const [list, ents] = await Promise.all([
    db.quickshareWhitelist.findMany({ where: { shareId: share.id }, orderBy: { createdAt: "asc" }, select: { wallet: true } }),
    db.entitlement.findMany({ where: { resourceKey: shareAccess.entitlementKey(share) }, orderBy: { updatedAt: "desc" }, take: 1000 }),
  ]);
  return {
    success: true,
    slug: share.slug,
    price: formatUsdc(share.priceAtomic),
    whitelistPrice: share.whitelistPriceAtomic === null ? null : formatUsdc(share.whitelistPriceAtomic),
    currency: share.currency,
    publicAccess: share.publicAccess,
    whitelist: list.map((w) => w.wallet),
    accessPolicy: policyView(share.audiencePolicy),
    status: shareStatus(share),
    entitlements: ents.map((e) => ({ wallet: e.wallet, status: e.status as "active" | "revoked" | "banned", source: e.source, updatedAt: e.updatedAt.toISOString() })),
  };
}
