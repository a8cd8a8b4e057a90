// What one row of the public ledger says: the input of recordActivity (lib/ledger/record-activity.ts),
// on its own so that what reads it (webhooks, payment options) does not import the writer.

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
