import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { canonicalDomain } from "@/lib/chain/predict";
import { usdcNumber } from "@/lib/money";
import { FILTER_TYPES } from "./ledger-filters";
import { ledgerTotals } from "./ledger-totals";

type Row = Awaited<ReturnType<typeof db.ledgerActivity.findMany>>[number];

/**
 * One page of the public ledger, newest first. Reads use the (network, [type,] [domain,] timestamp)
 * indexes; one extra row tells whether there is a next page without counting the filter.
 */
export async function listActivities(opts: { limit: number; skip: number; type?: string; domain?: string }) {
  const where = {
    network: env.NETWORK_MODE,
    ...(opts.type ? { type: FILTER_TYPES[opts.type] } : {}),
    ...(opts.domain ? { domain: canonicalDomain(opts.domain) } : {}),
  };
  const [rows, totals] = await Promise.all([
    db.ledgerActivity.findMany({ where, orderBy: [{ timestamp: "desc" }, { id: "desc" }], skip: opts.skip, take: opts.limit + 1 }),
    ledgerTotals(),
  ]);
  const page = rows.slice(0, opts.limit);
  return {
    success: true as const,
    activities: page.map(toActivity),
    total: page.length,
    totals,
    hasMore: rows.length > opts.limit,
    limit: opts.limit,
    skip: opts.skip,
  };
}

/** The public shape of a row. Quickshare rows never carry what would identify the share (decisions #2). */
export function toActivity(row: Row) {
  const privateShare = row.type === "quickshare";
  return {
    type: row.type as "view" | "unlock" | "payment" | "rating" | "tip" | "quickshare",
    id: row.id,
    subkind: row.subkind ?? null,
    websiteId: privateShare ? null : (row.websiteId ?? null),
    actor: privateShare ? null : (row.actor ?? null),
    contentId: privateShare ? null : (row.contentId ?? null),
    contentTitle: privateShare ? null : (row.contentTitle ?? null),
    contentUrl: privateShare ? null : (row.contentUrl ?? null),
    domain: privateShare ? null : (row.domain ?? null),
    timestamp: row.timestamp.toISOString(),
    revenue: usdcNumber(row.revenueAtomic),
    amount: usdcNumber(row.amountAtomic),
    protocolFee: row.protocolFeeAtomic === null ? null : usdcNumber(row.protocolFeeAtomic),
    currency: row.currency,
    txHash: row.txHash ?? null,
    paymentProvider: privateShare ? null : (row.paymentProvider ?? null),
    receiptUrl: privateShare ? null : (row.receiptUrl ?? null),
    payerWallet: row.payerWallet ?? null,
    recipientWallet: privateShare ? null : (row.recipientWallet ?? null),
    walletAddress: privateShare ? null : (row.walletAddress ?? null),
    paymentId: privateShare ? null : (row.paymentId ?? null),
    chainId: row.chainId === null ? null : String(row.chainId),
    network: row.network,
    status: row.status ?? null,
    score: row.score ?? null,
    proofType: row.proofType ?? null,
    proof: row.proof ?? null,
  };
}
