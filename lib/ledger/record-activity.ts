import "server-only";
import { bumpCounters, countersStatement, type LedgerDelta } from "@/lib/counters/bump-counters";
import { cuid } from "@/lib/crypto/cuid";
import { db, type DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import type { OrderedStatement } from "@/lib/db-one-trip";
import { Prisma } from "@/lib/generated/sqlite/client";
import { enqueueWebhooks, webhookDeliveries, webhookPayload, webhookTargets, webhookTargetsOrGuard } from "@/lib/webhooks/enqueue-webhooks";
import type { ActivityInput } from "./activity-input";

/**
 * Appends one row to the public ledger, stamped with the hub's network, and moves the running
 * totals (LedgerTotal) with it. Every ledger row must be written through here (or, in a sale's
 * transaction, `ledgerRowInOrder`). Pass the transaction that makes the underlying change so the row
 * exists exactly when the change does; with a sourceKey a replayed write is a no-op (returns false).
 * `times`: that many identical rows at once (views added up over a second, say; no sourceKey then).
 */
export async function recordActivity(input: ActivityInput, client: DbOrTx = db, { times = 1 }: { times?: number } = {}): Promise<boolean> {
  if (times < 1) return false;
  if (times > 1 && input.sourceKey) throw new Error("recordActivity: a sourceKey names one row; repeated rows take none");
  if (input.sourceKey) {
    const existing = await client.ledgerActivity.findUnique({ where: { sourceKey: input.sourceKey }, select: { id: true } });
    if (existing) return false;
  }
  const row = await prepareRow(input, client, times);
  const write = async (c: DbOrTx) => {
    await writeRow(c, row);
    // The running totals move with the row (same transaction when the caller passes one), so reading the ledger's totals never scans the ledger.
    await bumpCounters(c, { ledger: ledgerDelta(row) });
  };
  // Without a caller's transaction, a row with webhook deliveries gets one of its own.
  if (row.hooks.length && client === db) await db.$transaction(write);
  else await write(client);
  return true;
}

/**
 * recordActivity for a batch that also moves contended rows (a sale: its content's counters and daily
 * metrics, which every sale of that item updates): the row, its webhook deliveries and the statement
 * that moves the running totals (LedgerTotal) are returned for the caller to run with its own
 * (`executeInOrder`: one round trip on PostgreSQL) as the one lock order has it (docs/decisions.md: new
 * rows, entity rows, DailyMetric, then the ledger's totals). The caller vouches that the row's sourceKey
 * cannot exist yet (it names a row created in the same batch), so no lookup is made and the row is
 * always written. `guarded`: the batch is atomic on its own (no caller's transaction), and the read of
 * the row's webhook endpoints may be replaced by a guard in `inserts` (`webhookTargetsOrGuard`), which
 * fails the batch with WebhookEndpointsAppeared if an endpoint was enabled since this process last read.
 */
export async function ledgerRowInOrder(
  input: ActivityInput,
  client: DbOrTx,
  { guarded = false }: { guarded?: boolean } = {},
): Promise<{ inserts: OrderedStatement[]; totals: OrderedStatement }> {
  const data = rowData(input);
  const { targets, guard } = guarded ? await webhookTargetsOrGuard(input, client) : { targets: await webhookTargets(input, client), guard: null };
  const row = ledgerRowStatement(data);
  const deliveries = webhookDeliveries(targets, payloadFor(data, row.id), new Date());
  return {
    inserts: [...(guard ? [guard] : []), { sql: row.sql }, ...(deliveries ? [{ sql: deliveries }] : [])],
    totals: { sql: countersStatement(client, { ledger: ledgerDelta({ data, times: 1 }) }) },
  };
}

type PreparedRow = {
  data: ActivityInput & { network: string; timestamp: Date };
  times: number;
  hooks: Awaited<ReturnType<typeof webhookTargets>>;
};

/** What a ledger row needs before it is written. */
async function prepareRow(input: ActivityInput, client: DbOrTx, times: number): Promise<PreparedRow> {
  const data = rowData(input);
  // Signed webhooks (docs/webhooks.md): the row's deliveries are queued with it, so an event exists
  // exactly when its ledger row does. Rows that are no event, or a hub without enabled endpoints, cost
  // at most one indexed read.
  const hooks = times === 1 ? await webhookTargets(input, client) : [];
  return { data, times, hooks };
}

async function writeRow(client: DbOrTx, row: PreparedRow): Promise<void> {
  const { data, times } = row;
  if (times === 1) {
    // Raw where no unique key can clash (no sourceKey); a clash on a sourceKey stays Prisma's P2002,
    // which callers racing on one key catch.
    const { id } = !data.sourceKey ? await insertLedgerRow(client, data) : await client.ledgerActivity.create({ data, select: { id: true } });
    await queueWebhooks(client, row, id);
  } else await client.ledgerActivity.createMany({ data: Array.from({ length: times }, () => data) });
}

/** The row's webhook deliveries (none when it has no targets), naming the row by its id. */
async function queueWebhooks(client: DbOrTx, { data, hooks }: PreparedRow, rowId: string): Promise<void> {
  await enqueueWebhooks(hooks, payloadFor(data, rowId), client, new Date());
}

/** The row as written: the input stamped with the hub's network, and now unless it names its time. */
function rowData(input: ActivityInput): PreparedRow["data"] {
  return { ...input, network: env.NETWORK_MODE, timestamp: input.timestamp ?? new Date() };
}

/** A webhook body for the row with this id, by event. */
function payloadFor({ network: _network, ...input }: PreparedRow["data"], rowId: string): (event: string) => string {
  return (event) => webhookPayload(event, rowId, input);
}

/** What a row adds to the ledger's running totals. */
function ledgerDelta({ data, times }: Pick<PreparedRow, "data" | "times">): LedgerDelta {
  const amount = data.amountAtomic ?? 0n;
  const fee = data.protocolFeeAtomic ?? 0n;
  return { network: data.network, type: data.type, subkind: data.subkind ?? "", count: times, amountAtomic: amount * BigInt(times), protocolFeeAtomic: fee * BigInt(times) };
}

/**
 * One ledger row in one raw statement (every paid unlock writes one; a Prisma `create` costs several
 * times the insert's own work in CPU). Defaults as the schema's: id a cuid, amounts 0, currency USDC.
 */
async function insertLedgerRow(client: DbOrTx, d: ActivityInput & { network: string; timestamp: Date }): Promise<{ id: string }> {
  const { id, sql } = ledgerRowStatement(d);
  await client.$executeRaw(sql);
  return { id };
}

/** insertLedgerRow's statement and the id it writes. */
function ledgerRowStatement(d: ActivityInput & { network: string; timestamp: Date }): { id: string; sql: Prisma.Sql } {
  const id = cuid();
  const sql = Prisma.sql`INSERT INTO "LedgerActivity" ("id", "network", "type", "subkind", "sourceKey", "websiteId", "actor", "contentId", "contentTitle",
    "contentUrl", "domain", "timestamp", "amountAtomic", "revenueAtomic", "protocolFeeAtomic", "currency", "txHash", "paymentProvider", "receiptUrl",
    "payerWallet", "recipientWallet", "walletAddress", "paymentId", "chainId", "status", "score", "proofType", "proof")
    VALUES (${id}, ${d.network}, ${d.type}, ${d.subkind ?? null}, ${d.sourceKey ?? null}, ${d.websiteId ?? null}, ${d.actor ?? null}, ${d.contentId ?? null}, ${d.contentTitle ?? null},
    ${d.contentUrl ?? null}, ${d.domain ?? null}, ${d.timestamp}, ${d.amountAtomic ?? 0n}, ${d.revenueAtomic ?? 0n}, ${d.protocolFeeAtomic ?? null}, ${"USDC"}, ${d.txHash ?? null},
    ${d.paymentProvider ?? null}, ${d.receiptUrl ?? null}, ${d.payerWallet ?? null}, ${d.recipientWallet ?? null}, ${d.walletAddress ?? null}, ${d.paymentId ?? null},
    ${d.chainId ?? null}, ${d.status ?? null}, ${d.score ?? null}, ${d.proofType ?? null}, ${d.proof ?? null})`;
  return { id, sql };
}
