import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { canonicalDomain } from "@/lib/chain/predict";
import { type LedgerActivity, Prisma } from "@/lib/generated/sqlite/client";
import { ApiError } from "@/lib/http/errors";
import { BodyAnswer } from "@/lib/http/plain-answer";
import { usdcNumber } from "@/lib/money";
import { jsonWithKept, keptByRowText, type RowColumn } from "@/lib/row-text";
import { FILTER_TYPES } from "./ledger-filters";
import { filteredLedgerTotals, ledgerTotals } from "./ledger-totals";

type Row = LedgerActivity;

/**
 * One page of the public ledger, newest first. Reads use the (network, [type,] [domain,] timestamp)
 * indexes; one extra row tells whether there is a next page without counting the filter. A page is
 * found by `skip` (the interface's offset, which the database walks row by row) or by `cursor`, the
 * last row's (timestamp, id) of the page before, which starts the index range right there. The
 * activities are kept objects, shared: frozen.
 */
export async function listActivities(opts: LedgerQuery) {
  const { rows, ...rest } = await ledgerPage(opts);
  return { success: true as const, activities: rows.map((r) => r.activity), ...rest };
}

/**
 * The same answer as JSON text, for the API: each activity's JSON is kept with it, so the answer is
 * those texts joined (what `JSON.stringify` of `listActivities`'s answer gives, without serializing the
 * rows again).
 */
export async function listActivitiesAnswer(opts: LedgerQuery): Promise<BodyAnswer> {
  const { rows, total, ...rest } = await ledgerPage(opts);
  return new BodyAnswer(jsonWithKept({ success: true }, "activities", rows.map((r) => r.json), { total, ...rest }), { "content-type": "application/json" });
}

type LedgerQuery = { limit: number; skip: number; cursor?: string; type?: string; domain?: string };

async function ledgerPage(opts: LedgerQuery) {
  const after = opts.cursor === undefined ? null : decodeCursor(opts.cursor, opts.skip);
  const filtered = Boolean(opts.type || opts.domain);
  const [rows, totals, filteredTotals] = await Promise.all([
    pageRows({ ...opts, after }),
    ledgerTotals(),
    filtered ? filteredLedgerTotals({ type: opts.type, domain: opts.domain }) : null,
  ]);
  const page = rows.slice(0, opts.limit);
  const hasMore = rows.length > opts.limit;
  return { rows: page, total: page.length, totals, filteredTotals, hasMore, nextCursor: hasMore ? encodeCursor(page.at(-1)!) : null, limit: opts.limit, skip: opts.skip };
}

/** A ledger row as a page shows it: where it stands in the order (for the cursor), its public shape, and that as JSON text. */
type PageActivity = { timestamp: Date; id: string; activity: Activity; json: string };

/**
 * The page's rows and one more, newest first, in one raw statement: the same SQL the ORM's findMany
 * sent (the same index walk), without its per-call query compilation and row mapping, which cost more
 * than the walk itself (bench/README.md, issue 38 session 21). (timestamp, id) < the cursor's, in the
 * page order: the range starts at the cursor's timestamp. The page's ids are found first, and only its
 * rows are read, each as one text (an activity kept for that text answers: `keptActivities`): SQLite
 * sorts the rows of one timestamp by id, and read whole, every row a skip passed over went through that
 * sort with all its columns (a page past row 25,000: 13.8 ms, by ids first 5.2 ms; bench/README.md,
 * "Issue 38, session 64").
 */
async function pageRows(opts: { limit: number; skip: number; type?: string; domain?: string; after: { timestamp: Date; id: string } | null }): Promise<PageActivity[]> {
  const parts = [Prisma.sql`"network" = ${env.NETWORK_MODE}`];
  if (opts.type) parts.push(Prisma.sql`"type" = ${FILTER_TYPES[opts.type]}`);
  if (opts.domain) parts.push(Prisma.sql`"domain" = ${canonicalDomain(opts.domain)}`);
  const { after } = opts;
  if (after) parts.push(Prisma.sql`"timestamp" <= ${after.timestamp} AND ("timestamp" < ${after.timestamp} OR "id" < ${after.id})`);
  const rows = await db.$queryRaw<Array<{ text: string }>>`SELECT ${keptActivities.sql()} AS "text"
    FROM (SELECT "id" FROM "LedgerActivity" WHERE ${Prisma.join(parts, " AND ")} ORDER BY "timestamp" DESC, "id" DESC LIMIT ${opts.limit + 1} OFFSET ${after ? 0 : opts.skip}) p
    CROSS JOIN "LedgerActivity" l WHERE l."id" = p."id" ORDER BY l."timestamp" DESC, l."id" DESC`;
  return rows.map(({ text }) => keptActivities.of(text));
}

/** A ledger row's columns (of `LedgerActivity` l), in the order `keptActivities` reads them. */
const LEDGER_COLUMNS: readonly RowColumn[] = ([
  ["id", "text"], ["network", "text"], ["type", "text"], ["subkind", "text"], ["sourceKey", "text"], ["websiteId", "text"], ["actor", "text"],
  ["contentId", "text"], ["contentTitle", "text"], ["contentUrl", "text"], ["domain", "text"], ["timestamp", "date"], ["amountAtomic", "bigint"],
  ["revenueAtomic", "bigint"], ["protocolFeeAtomic", "bigint"], ["currency", "text"], ["txHash", "text"], ["paymentProvider", "text"],
  ["receiptUrl", "text"], ["payerWallet", "text"], ["recipientWallet", "text"], ["walletAddress", "text"], ["paymentId", "text"],
  ["chainId", "int"], ["status", "text"], ["score", "int"], ["proofType", "text"], ["proof", "text"],
] as const satisfies ReadonlyArray<readonly [keyof Row, string]>).map(([name, kind]) => ({ sql: `l."${name}"`, kind }));

/**
 * Activities kept by their row's text (lib/row-text.ts): an activity is its row and nothing else, and a
 * ledger row is written once, so the rows of the pages read lately are built once. At about 3 KB each
 * (an estimate), the bound keeps 100 pages of 50 in about 15 MB (bench/README.md, "Issue 38, session 64").
 */
const keptActivities = keptByRowText<PageActivity>(LEDGER_COLUMNS, 5_000, (values) => {
  const [
    id, network, type, subkind, sourceKey, websiteId, actor, contentId, contentTitle, contentUrl, domain, timestamp, amountAtomic, revenueAtomic,
    protocolFeeAtomic, currency, txHash, paymentProvider, receiptUrl, payerWallet, recipientWallet, walletAddress, paymentId, chainId, status,
    score, proofType, proof,
  ] = values;
  const row = {
    id, network, type, subkind, sourceKey, websiteId, actor, contentId, contentTitle, contentUrl, domain, timestamp, amountAtomic, revenueAtomic,
    protocolFeeAtomic, currency, txHash, paymentProvider, receiptUrl, payerWallet, recipientWallet, walletAddress, paymentId, chainId, status,
    score, proofType, proof,
  } as Row;
  const activity = Object.freeze(toActivity(row));
  return { value: Object.freeze({ timestamp: row.timestamp, id: row.id, activity, json: JSON.stringify(activity) }) };
});

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

type Activity = ReturnType<typeof toActivity>;

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
