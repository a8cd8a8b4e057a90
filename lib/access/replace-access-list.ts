import "server-only";
import { getAddress, type Address } from "viem";
import type { Tx } from "@/lib/db";

/**
 * Replaces a resource's whitelist (its invite list, or its whitelistPrice tier) with `wallets`,
 * checksummed and without repeats, in `tx`. The list is keyed like entitlements ("qs:<id>",
 * "post:<id>": the adapter's entitlementKey); shares and posts, created or edited, all write it here.
 */
export async function replaceAccessList(tx: Tx, { resourceKey, wallets }: { resourceKey: string; wallets: readonly string[] }): Promise<Address[]> {
  const list = [...new Set(wallets.map((w) => getAddress(w)))];
  await tx.accessListEntry.deleteMany({ where: { resourceKey } });
  if (list.length) await tx.accessListEntry.createMany({ data: list.map((wallet) => ({ resourceKey, wallet })) });
  return list;
}
