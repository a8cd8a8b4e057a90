import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { canonicalDomain } from "@/lib/chain/predict";
import { ApiError } from "@/lib/http/errors";
import { usdcNumber } from "@/lib/money";
import { FILTER_TYPES } from "./ledger-filters";
import { filteredLedgerTotals, ledgerTotals } from "./ledger-totals";

type Row = Awaited<ReturnType<typeof db.ledgerActivity.findMany>>[number];

/**
 * One page of the public ledger, newest first. Reads use the (network, [type,] [domain,] timestamp)
 * indexes; one extra row tells whether there is a next page without counting the filter. A page is
 * found by `skip` (the interface's offset, which the database walks row by row) or by `cursor`, the
 * last row's (timestamp, id) of the page before, which starts the index range right there.
 */
export async function listActivities(opts: { limit: number; skip: number; cursor?: string; type?: string; domain?: string }) {
  const after = opts.cursor === undefined ? null : decodeCursor(opts.cursor, opts.skip);
  const where = {
    network: env.NETWORK_MODE,
    ...(opts.type ? { type: FILTER_TYPES[opts.type] } : {}),
    ...(opts.domain ? { domain: canonicalDomain(opts.domain) } : {}),
    // (timestamp, id) < the cursor's, in the page order: the range starts at the cursor's timestamp.
    ...(after ? { timestamp: { lte: after.timestamp }, OR: [{ timestamp: { lt: after.timestamp } }, { id: { lt: after.id } }] } : {}),
  };
  const filtered = Boolean(opts.type || opts.domain);
  const [rows, totals, filteredTotals] = await Promise.all([
    db.ledgerActivity.findMany({ where, orderBy: [{ timestamp: "desc" }, { id: "desc" }], skip: after ? 0 : opts.skip, take: opts.limit + 1 }),
    ledgerTotals(),
    filtered ? filteredLedgerTotals({ type: opts.type, domain: opts.domain }) : null,
  ]);
  const page = rows.slice(0, opts.limit);
  const hasMore = rows.length > opts.limit;
  return {
    success: true as const,
    activities: page.map(toActivity),
    total: page.length,
    totals,
    filteredTotals,
    hasMore,
    nextCursor: hasMore ? encodeCursor(page.at(-1)!) : null,
    limit: opts.limit,
    skip: opts.skip,
  };
}

/** A cursor is base64url of `<timestamp ms>.<row id>`: opaque to clients, checked on the way back. */
function encodeCursor(row: { timestamp: Date; id: string }): string {
  return Buffer.from(`${row.timestamp.getTime()}.${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string, skip: number): { timestamp: Date; id: string } {
  if (skip !== 0) throw new ApiError("invalid-request", "Use either skip or cursor, not both: a cursor already says where the page starts");
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!m) throw new ApiError("invalid-request", "cursor is not one this ledger gave out: pass an earlier page's nextCursor unchanged");
  return { timestamp: new Date(Number(m[1])), id: m[2]! };
}

/** The public shape of a row. Quickshare rows never carry what would identify the share (docs/decisions.md #2). */
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
