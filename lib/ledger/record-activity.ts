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
 * Appends one row to the public ledger, stamped with the hub's network. Pass the transaction that
 * makes the underlying change so the row exists exactly when the change does; with a sourceKey a
 * replayed write is a no-op (returns false).
 */
export async function recordActivity(input: ActivityInput, client: DbOrTx = db): Promise<boolean> {
  if (input.sourceKey) {
    const existing = await client.ledgerActivity.findUnique({ where: { sourceKey: input.sourceKey }, select: { id: true } });
    if (existing) return false;
  }
  await client.ledgerActivity.create({ data: { ...input, network: env.NETWORK_MODE, timestamp: input.timestamp ?? new Date() } });
  return true;
}
