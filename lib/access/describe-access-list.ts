import "server-only";
import { getAddress, type Address } from "viem";
import { db } from "@/lib/db";

export type AccessListView = {
  whitelist: Address[];
  entitlements: { wallet: string; status: "active" | "revoked" | "banned"; source: string; updatedAt: string }[];
};

/**
 * The owner's view of who may read a resource, the same for every kind (a share's and a post's
 * access-control answers spread it): its whitelist in the order it was written, and every
 * entitlement (newest change first, at most 1000) with its status and how it came about.
 */
export async function describeAccessList(resourceKey: string): Promise<AccessListView> {
  const [list, ents] = await Promise.all([
    db.accessListEntry.findMany({ where: { resourceKey }, orderBy: { createdAt: "asc" }, select: { wallet: true } }),
    db.entitlement.findMany({ where: { resourceKey }, orderBy: { updatedAt: "desc" }, take: 1000 }),
  ]);
  return {
    whitelist: list.map((w) => getAddress(w.wallet)),
    entitlements: ents.map((e) => ({ wallet: e.wallet, status: e.status as "active" | "revoked" | "banned", source: e.source, updatedAt: e.updatedAt.toISOString() })),
  };
}
