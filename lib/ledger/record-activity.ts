import "server-only";
import { bumpCounters } from "@/lib/counters/bump-counters";
import { cuid } from "@/lib/crypto/cuid";
import { db, type DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import { enqueueWebhooks, webhookPayload, webhookTargets } from "@/lib/webhooks/enqueue-webhooks";
import type { ActivityInput } from "./activity-input";

/**
 * Appends one row to the public ledger, stamped with the hub's network, and moves the running
 * totals (LedgerTotal) with it. Every ledger row must be written through here. Pass the transaction that
 * makes the underlying change so the row exists exactly when the change does; with a sourceKey a
 * replayed write is a no-op (returns false). `newKey`: the caller knows the sourceKey cannot exist yet
 * (it names a row created in the same transaction), so the lookup is skipped. `times`: that many
 * identical rows at once (views added up over a second, say; no sourceKey then).
 */
export async function recordActivity(input: ActivityInput, client: DbOrTx = db, { newKey = false, times = 1 }: { newKey?: boolean; times?: number } = {}): Promise<boolean> {
  if (times < 1) return false;
  if (times > 1 && input.sourceKey) throw new Error("recordActivity: a sourceKey names one row; repeated rows take none");
  if (input.sourceKey && !newKey) {
    const existing = await client.ledgerActivity.findUnique({ where: { sourceKey: input.sourceKey }, select: { id: true } });
    if (existing) return false;
  }
  const network = env.NETWORK_MODE;
  const data = { ...input, network, timestamp: input.timestamp ?? new Date() };
  // Signed webhooks (docs/webhooks.md): the row's deliveries are queued with it, so an event exists
  // exactly when its ledger row does. Rows that are no event, or a hub without enabled endpoints, cost
  // at most one indexed read. Without a caller's transaction, row and deliveries get one of their own.
  const hooks = times === 1 ? await webhookTargets(input, client) : [];
  if (hooks.length && client === db) {
    return db.$transaction((tx) => writeRow(tx, data, times, hooks, newKey));
  }
  return writeRow(client, data, times, hooks, newKey);
}

async function writeRow(client: DbOrTx, data: ActivityInput & { network: string; timestamp: Date }, times: number, hooks: Awaited<ReturnType<typeof webhookTargets>>, newKey: boolean): Promise<boolean> {
  const { network, ...input } = data;
  if (times === 1) {
    // Raw where no unique key can clash (no sourceKey, or one the caller vouches is new); a clash on a
    // sourceKey stays Prisma's P2002, which callers racing on one key catch.
    const row = !input.sourceKey || newKey ? await insertLedgerRow(client, data) : await client.ledgerActivity.create({ data, select: { id: true } });
    await enqueueWebhooks(hooks, (event) => webhookPayload(event, row.id, input), client, new Date());
  } else await client.ledgerActivity.createMany({ data: Array.from({ length: times }, () => data) });
  // The running totals move with the row (same transaction when the caller passes one), so reading
  // the ledger's totals never scans the ledger.
  const amount = input.amountAtomic ?? 0n;
  const fee = input.protocolFeeAtomic ?? 0n;
  await bumpCounters(client, { ledger: { network, type: input.type, subkind: input.subkind ?? "", count: times, amountAtomic: amount * BigInt(times), protocolFeeAtomic: fee * BigInt(times) } });
  return true;
}

/**
 * One ledger row in one raw statement (every paid unlock writes one; a Prisma `create` costs several
 * times the insert's own work in CPU). Defaults as the schema's: id a cuid, amounts 0, currency USDC.
 */
async function insertLedgerRow(client: DbOrTx, d: ActivityInput & { network: string; timestamp: Date }): Promise<{ id: string }> {
  const id = cuid();
  await client.$executeRaw`INSERT INTO "LedgerActivity" ("id", "network", "type", "subkind", "sourceKey", "websiteId", "actor", "contentId", "contentTitle",
    "contentUrl", "domain", "timestamp", "amountAtomic", "revenueAtomic", "protocolFeeAtomic", "currency", "txHash", "paymentProvider", "receiptUrl",
    "payerWallet", "recipientWallet", "walletAddress", "paymentId", "chainId", "status", "score", "proofType", "proof")
    VALUES (${id}, ${d.network}, ${d.type}, ${d.subkind ?? null}, ${d.sourceKey ?? null}, ${d.websiteId ?? null}, ${d.actor ?? null}, ${d.contentId ?? null}, ${d.contentTitle ?? null},
    ${d.contentUrl ?? null}, ${d.domain ?? null}, ${d.timestamp}, ${d.amountAtomic ?? 0n}, ${d.revenueAtomic ?? 0n}, ${d.protocolFeeAtomic ?? null}, ${"USDC"}, ${d.txHash ?? null},
    ${d.paymentProvider ?? null}, ${d.receiptUrl ?? null}, ${d.payerWallet ?? null}, ${d.recipientWallet ?? null}, ${d.walletAddress ?? null}, ${d.paymentId ?? null},
    ${d.chainId ?? null}, ${d.status ?? null}, ${d.score ?? null}, ${d.proofType ?? null}, ${d.proof ?? null})`;
  return { id };
}
