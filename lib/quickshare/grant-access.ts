import "server-only";
import { randomUUID } from "node:crypto";
import type { Address } from "viem";
import { db, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { recordActivity } from "@/lib/ledger/record-activity";
import { entitlementKey } from "./load-access";

export type GrantPayment = {
  paymentId: string | null;
  amountAtomic: bigint;
  feeAtomic: bigint | null;
  txHash: string | null;
};

/**
 * Makes the wallet's entitlement to the share active (creating it, or re-activating a revoked one
 * after a new purchase; a banned row is never touched) and, when that is a new grant, counts the
 * unlock: share counters and the dashboard event, and for a free grant one ledger row of kind
 * quickshare (amount 0, payer — never the slug, link or title; a paid grant's row is the payment's,
 * written by lib/x402). Pass `tx` to make it part of the caller's transaction (the payment's).
 * Returns whether access was newly granted.
 */
export async function grantAccess(
  { shareId, wallet, source, payment }: { shareId: string; wallet: Address; source: "free" | "whitelist" | "payment"; payment?: GrantPayment },
  tx?: Tx,
): Promise<{ granted: boolean }> {
  if (tx) return grantIn(tx, { shareId, wallet, source, payment });
  return db.$transaction((t) => grantIn(t, { shareId, wallet, source, payment }));
}

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

async function grantIn(tx: Tx, { shareId, wallet, source, payment }: { shareId: string; wallet: Address; source: string; payment?: GrantPayment }) {
  const granted = await activateEntitlement(tx, { resourceKey: entitlementKey(shareId), wallet, source, paymentId: payment?.paymentId ?? null });
  if (!granted) return { granted: false };

  const amountAtomic = payment?.amountAtomic ?? 0n;
  const feeAtomic = payment?.feeAtomic ?? null;
  await tx.quickshare.update({
    where: { id: shareId },
    data: { unlockCount: { increment: 1 }, revenueAtomic: { increment: amountAtomic } }, // gross sales
  });
  const event = await tx.quickshareEvent.create({
    data: { shareId, network: env.NETWORK_MODE, kind: "unlock", wallet, amountAtomic, feeAtomic, txHash: payment?.txHash ?? null },
  });
  // A paid grant's ledger row is the payment's own, written by lib/x402 in this same transaction.
  if (payment) return { granted: true };
  await recordActivity({ type: "quickshare", subkind: "unlock", sourceKey: `quickshare-unlock:${event.id}`, amountAtomic: 0n, payerWallet: wallet }, tx);
  return { granted: true };
}
