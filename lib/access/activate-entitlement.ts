import "server-only";
import { randomUUID } from "node:crypto";
import type { Address } from "viem";
import type { Tx } from "@/lib/db";

/**
 * Makes `wallet`'s entitlement to one gated resource (a share "qs:<id>" or a blog post "post:<id>")
 * active: creates it, or re-activates a revoked one; a banned row is never touched. True when access
 * was newly granted.
 */
export async function activateEntitlement(tx: Tx, { resourceKey, wallet, source, paymentId }: { resourceKey: string; wallet: Address; source: string; paymentId: string | null }) {
  const id = randomUUID();
  // One statement (INSERT … ON CONFLICT on both databases): concurrent grants cannot both create.
  const row = await tx.entitlement.upsert({
    where: { resourceKey_wallet: { resourceKey, wallet } },
    create: { id, resourceKey, wallet, status: "active", source, paymentId },
    update: { wallet },
  });
  if (row.id === id) return true;
  if (row.status !== "revoked") return false;
  const res = await tx.entitlement.updateMany({ where: { id: row.id, status: "revoked" }, data: { status: "active", source, paymentId } });
  return res.count === 1;
}
