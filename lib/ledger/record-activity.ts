import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";

export type ActivityType = "view" | "unlock" | "payment" | "rating" | "tip" | "quickshare";

export type ActivityInput = {
  type: ActivityType;
  /** Idempotency: a retry with the same key writes nothing (e.g. "payment:<paymentId>"). */
  sourceKey?: string;
  subkind?: string;
  websiteId?: string | null;
  actor?: string | null;
  contentId?: string | null;
  contentTitle?: string | null;
  contentUrl?: string | null;
  domain?: string | null;
  timestamp?: Date;
  amountAtomic?: bigint;
  revenueAtomic?: bigint;
  protocolFeeAtomic?: bigint | null;
  txHash?: string | null;
  paymentProvider?: string | null;
  receiptUrl?: string | null;
  payerWallet?: string | null;
  recipientWallet?: string | null;
  walletAddress?: string | null;
  paymentId?: string | null;
  chainId?: number | null;
  status?: string | null;
  score?: number | null;
  proofType?: string | null;
  proof?: string | null;
};

/**
 * Appends one row to the public ledger, stamped with the hub's network, and moves the running
 * totals (LedgerTotal) with it. Every ledger row must be written through here. Pass the transaction that
 * makes the underlying change so the row exists exactly when the change does; with a sourceKey a
 * replayed write is a no-op (returns false).
 */
export async function recordActivity(input: ActivityInput, client: DbOrTx = db): Promise<boolean> {
  if (input.sourceKey) {
    const existing = await client.ledgerActivity.findUnique({ where: { sourceKey: input.sourceKey }, select: { id: true } });
    if (existing) return false;
  }
  const network = env.NETWORK_MODE;
  await client.ledgerActivity.create({ data: { ...input, network, timestamp: input.timestamp ?? new Date() } });
  // The running totals move with the row (same transaction when the caller passes one), so reading
  // the ledger's totals never scans the ledger. Upsert by primary key runs as INSERT … ON CONFLICT.
  const subkind = input.subkind ?? "";
  const amount = input.amountAtomic ?? 0n;
  const fee = input.protocolFeeAtomic ?? 0n;
  await client.ledgerTotal.upsert({
    where: { id: `${network}:${input.type}:${subkind}` },
    create: { id: `${network}:${input.type}:${subkind}`, network, type: input.type, subkind, count: 1, amountAtomic: amount, protocolFeeAtomic: fee },
    update: { count: { increment: 1 }, amountAtomic: { increment: amount }, protocolFeeAtomic: { increment: fee } },
  });
  return true;
}
