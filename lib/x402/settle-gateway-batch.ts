import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { getAddress, isAddressEqual, parseEventLogs, TransactionReceiptNotFoundError, type Hex, type TransactionReceipt } from "viem";
import { gatewayWalletAbi } from "@/lib/chain/abis";
import { chainRead, isChainUnavailable } from "@/lib/chain/chain-read";
import { publicClient, relayerClient } from "@/lib/chain/clients";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log/logger";
import { moneyEvent } from "@/lib/log/money-event";
import { metrics } from "@/lib/metrics/metrics";
import type { Payment, SettlementBatch } from "@/lib/generated/sqlite/client";
import { ApiError } from "@/lib/http/errors";
import { bumpDailyMetric } from "@/lib/ledger/bump-daily-metric";
import { markRowsBySource } from "@/lib/ledger/mark-rows-by-source";
import { acquireLeaderLock } from "./acquire-leader-lock";
import { EIP3009_IN_FLIGHT_MS, noteFailedAttempt, reconcileEip3009Payment } from "./settle-eip3009-payment";

export const SETTLER_LOCK = "gateway-settler";
/** This process's name on the settler lease (unique per process). */
export const SETTLER_HOLDER = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
const RECEIPT_TIMEOUT_MS = 30_000;
/** An authorization this close to expiry is not worth sending any more. */
const EXPIRY_MARGIN_SECONDS = 30n;
/** Batches per pass when the queue is longer than one batch. */
const MAX_BATCHES_PER_PASS = 10;

export type SettleOptions = {
  /** Lease holder name; default unique per process. */
  holder?: string;
  batchSize?: number;
  /** A batch still `pending` (tx hash never recorded) after this long is reconciled from chain state. */
  staleMs?: number;
  /** Fault injection for tests: runs right after the settlement tx is sent, before it is recorded. */
  afterSubmit?: (batch: { id: string; txHash: Hex }) => void | Promise<void>;
  /** Fault injection for tests: wraps the send (to fail before it, or to lose its answer after it). */
  wrapSend?: (send: () => Promise<Hex>) => Promise<Hex>;
};

/**
 * The mark on a batch left `pending` because the chain stopped answering while it was being sent:
 * whether its tx went out is unknown. Written by the settler that was sending it, after the send
 * failed, so no settler is still preparing the batch: the next pass decides it from the chain (the
 * receipt is unknown, so each item's `authorizationUsed`), without waiting out `staleMs`. A pending
 * batch without the mark may be one a live settler is about to send, and waits out `staleMs`.
 */
export const SEND_UNANSWERED = "the chain stopped answering while this batch was sent; the next pass decides it from the chain";

/**
 * What a pass did. `more`: it stopped at MAX_BATCHES_PER_PASS full batches that all went through, so
 * more payments wait: the loop starts the next pass at once instead of after SETTLE_INTERVAL_MS (with
 * the interval between passes, the settler's ceiling was 10 batches per interval plus the batches' own
 * time: about 50 payments a second on a busy two-core machine, below what the hub sells there).
 */
export type SettleResult = { leader: boolean; batches: number; settled: number; failed: number; requeued: number; reconciled: number; more: boolean };

/**
 * One pass of the Gateway batch settler. Only the holder of the database lease runs it (one settler
 * across all app instances). In order:
 * 1. open batches left by a crash are reconciled from chain state: the receipt of the recorded tx,
 *    else `authorizationUsed(from, nonce)` per item (settled → settled, unused → back to locked);
 * 2. plain EIP-3009 payments left pending are reconciled (see settleEip3009Payment);
 * 3. locked gateway payments go into a new batch: the SettlementBatch row is written and the items
 *    marked settling BEFORE the tx is sent, the tx hash is recorded, and the receipt's
 *    AuthorizationSettled / AuthorizationSkipped events decide each item.
 * An authorization settles at most once whatever crashes in between: the contract skips a used
 * nonce ("nonce-used"), which the settler reads as "settled by the earlier batch".
 */
export async function settleGatewayBatch(options: SettleOptions = {}): Promise<SettleResult> {
  const holder = options.holder ?? SETTLER_HOLDER;
  const result: SettleResult = { leader: false, batches: 0, settled: 0, failed: 0, requeued: 0, reconciled: 0, more: false };
  const lease = () => acquireLeaderLock({ name: SETTLER_LOCK, holder, ttlMs: Math.max(30_000, env.SETTLE_INTERVAL_MS * 6) });
  if (!(await lease())) return result;
  result.leader = true;

  const reconciled = stepTimer("reconcile");
  const staleBefore = new Date(Date.now() - (options.staleMs ?? 60_000));
  const open = await db.settlementBatch.findMany({
    where: {
      network: env.NETWORK_MODE,
      OR: [{ status: "submitted" }, { status: "pending", createdAt: { lte: staleBefore } }, { status: "pending", error: SEND_UNANSWERED }],
    },
    orderBy: { createdAt: "asc" },
  });
  // Each batch and each row on its own: one that fails is logged and retried next pass, never
  // stopping the others.
  for (const batch of open) {
    try {
      add(result, await reconcileBatch(batch));
      result.reconciled++;
    } catch (err) {
      if (!isChainUnavailable(err)) console.error(`[settler] reconciling batch ${batch.id} failed`, err);
    }
  }

  const stuck = await db.payment.findMany({
    where: { network: env.NETWORK_MODE, rail: "eip3009", status: "pending", updatedAt: { lt: new Date(Date.now() - EIP3009_IN_FLIGHT_MS) } },
    take: 50,
  });
  for (const payment of stuck) {
    const status = await reconcileEip3009Payment(payment).catch(async (err) => {
      if (isChainUnavailable(err)) return "pending";
      // A recording failure was counted where it happened; anything else is counted here.
      if (!(err instanceof ApiError && err.code === "payment-not-recorded")) {
        console.error(`[settler] reconciling payment ${payment.id} failed`, err);
        await noteFailedAttempt(payment, `reconciling failed: ${(err as Error).message?.slice(0, 300) ?? String(err)}`);
      }
      return (await db.payment.findUnique({ where: { id: payment.id } }))?.status ?? "pending";
    });
    if (status === "settled") result.settled++;
    if (status === "failed") result.failed++;
  }

  reconciled();

  const size = options.batchSize ?? env.SETTLE_BATCH_SIZE;
  for (let i = 0; i < MAX_BATCHES_PER_PASS; i++) {
    const taken = await settleNewBatch({ size, lease, afterSubmit: options.afterSubmit, wrapSend: options.wrapSend });
    if (!taken) break;
    result.batches++;
    add(result, taken.outcome);
    if (taken.items < size) break;
    // Every batch full and through (none requeued: a batch that keeps failing waits for the interval).
    if (i === MAX_BATCHES_PER_PASS - 1) result.more = result.requeued === 0 && result.settled > 0;
  }
  return result;
}

type Outcome = { settled: number; failed: number; requeued: number };

function add(into: SettleResult, o: Outcome) {
  into.settled += o.settled;
  into.failed += o.failed;
  into.requeued += o.requeued;
}

async function settleNewBatch({
  size,
  lease,
  afterSubmit,
  wrapSend = (send) => send(),
}: {
  size: number;
  lease: () => Promise<boolean>;
  afterSubmit?: SettleOptions["afterSubmit"];
  wrapSend?: SettleOptions["wrapSend"];
}): Promise<{ items: number; outcome: Outcome } | undefined> {
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const nowSeconds = BigInt(Math.floor(Date.now() / 1000));
  const outcome: Outcome = { settled: 0, failed: 0, requeued: 0 };
  const claimed = stepTimer("claim");
  const candidates = await db.payment.findMany({
    where: { network: env.NETWORK_MODE, chainId, rail: "gateway", status: "locked", batchId: null },
    orderBy: { createdAt: "asc" },
    take: size,
  });
  if (candidates.length === 0) return undefined;

  const expired = candidates.filter((p) => (p.validBefore ?? 0n) <= nowSeconds + EXPIRY_MARGIN_SECONDS);
  for (const p of expired) {
    if (await markFailed(p, "expired before it could be settled", "locked")) outcome.failed++;
  }
  const ready = candidates.filter((p) => !expired.includes(p) && (p.validAfter ?? 0n) < nowSeconds);
  if (ready.length === 0) return { items: candidates.length, outcome };

  // Record the batch and claim its items before anything is sent, so a crash after sending leaves
  // a row that says which authorizations may be on chain.
  const batch = await db.$transaction(async (tx) => {
    const created = await tx.settlementBatch.create({ data: { network: env.NETWORK_MODE, status: "pending", itemCount: ready.length } });
    await tx.payment.updateMany({
      where: { id: { in: ready.map((p) => p.id) }, status: "locked", batchId: null },
      data: { status: "settling", batchId: created.id },
    });
    return created;
  });
  const items = await db.payment.findMany({ where: { batchId: batch.id, status: "settling" }, orderBy: { createdAt: "asc" } });
  await db.settlementBatch.update({ where: { id: batch.id }, data: { itemCount: items.length } });

  // Fencing: a settler that lost its lease while preparing must not send.
  if (items.length === 0 || !(await lease())) {
    add2(outcome, await requeue(batch, items, "the settler lost its lease before sending"));
    return { items: candidates.length, outcome };
  }
  claimed();

  const gateway = { address: env.GATEWAY_WALLET_ADDRESS, abi: gatewayWalletAbi } as const;
  const args = items.map((p) => ({
    token: getAddress(env.USDC_ADDRESS),
    from: getAddress(p.payer),
    to: getAddress(p.payTo),
    value: p.amountAtomic,
    validAfter: p.validAfter ?? 0n,
    validBefore: p.validBefore ?? 0n,
    nonce: p.nonce as Hex,
    signature: p.signature as Hex,
  }));

  let hash: Hex;
  try {
    const relayer = relayerClient();
    let simulated;
    try {
      const simulatedIn = stepTimer("simulate");
      simulated = await publicClient().simulateContract({ ...gateway, functionName: "settleBatch", args: [args], account: relayer.account });
      simulatedIn();
    } catch (err) {
      // Nothing was sent: the items go back to the queue at once and the batch row, which only
      // existed to say what may be on chain, goes (left pending, it would wait for the stale-batch
      // reconciliation, and every pass of an outage would leave one).
      if (!isChainUnavailable(err)) throw err;
      for (const p of items) await requeueOne(p);
      await db.settlementBatch.deleteMany({ where: { id: batch.id, payments: { none: {} } } });
      if (outcome.failed) return { items: 0, outcome }; // the expired ones were decided; stop this pass
      return undefined;
    }
    const { request, result: preview } = simulated;
    if (!preview.some(Boolean)) {
      // Nothing would settle: resolve each item from chain state without spending gas.
      add2(outcome, await resolveFromChain(batch, items, "the Gateway Wallet refused it (expired, bad signature or insufficient deposit)"));
      return { items: candidates.length, outcome };
    }
    const sent = stepTimer("send");
    hash = await wrapSend(() => relayer.writeContract(request));
    sent();
  } catch (err) {
    if (isChainUnavailable(err)) {
      // The batch stays pending, marked: the next pass decides it from the chain. Should the mark not
      // be written (the database failing too), the stale-batch bound still reconciles it.
      await db.settlementBatch
        .updateMany({ where: { id: batch.id, status: "pending" }, data: { error: SEND_UNANSWERED } })
        .catch((markErr) => logger().error({ err: markErr, batchId: batch.id }, "marking an unanswered batch failed"));
      return { items: candidates.length, outcome };
    }
    logger().error({ err, batchId: batch.id }, "settleBatch failed");
    add2(outcome, await requeue(batch, items, `settleBatch failed: ${(err as { shortMessage?: string }).shortMessage ?? String(err)}`));
    return { items: candidates.length, outcome };
  }

  await afterSubmit?.({ id: batch.id, txHash: hash });
  await db.settlementBatch.update({ where: { id: batch.id }, data: { status: "submitted", txHash: hash, submittedAt: new Date() } });

  let receipt: TransactionReceipt;
  const confirmed = stepTimer("confirm");
  try {
    receipt = await publicClient().waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
  } catch {
    return { items: candidates.length, outcome }; // still submitted: the next pass reads the receipt
  }
  confirmed();
  const recorded = stepTimer("record");
  add2(outcome, await applyReceipt(batch, items, receipt));
  recorded();
  return { items: candidates.length, outcome };
}

function add2(into: Outcome, o: Outcome) {
  into.settled += o.settled;
  into.failed += o.failed;
  into.requeued += o.requeued;
}

/** A batch left open by a crash or a timeout, decided from the chain alone. */
async function reconcileBatch(batch: SettlementBatch): Promise<Outcome> {
  const items = await db.payment.findMany({ where: { batchId: batch.id, status: "settling" } });
  const client = publicClient();
  if (batch.txHash) {
    const hash = batch.txHash as Hex;
    const receipt = await chainRead("read the settlement", () =>
      client.getTransactionReceipt({ hash }).catch((err) => (err instanceof TransactionReceiptNotFoundError ? null : Promise.reject(err))),
    );
    if (receipt) return applyReceipt(batch, items, receipt);
    const pending = await chainRead("look up the settlement", () => client.getTransaction({ hash }).catch(() => null));
    if (pending) return { settled: 0, failed: 0, requeued: 0 }; // still in the mempool
  }
  return resolveFromChain(batch, items, undefined);
}

/** Reads each item's `authorizationUsed`: used → settled (by whichever batch did it), unused → failed or back to locked. */
async function resolveFromChain(batch: SettlementBatch, items: Payment[], unusedMeans: string | undefined): Promise<Outcome> {
  const outcome: Outcome = { settled: 0, failed: 0, requeued: 0 };
  const gateway = { address: env.GATEWAY_WALLET_ADDRESS, abi: gatewayWalletAbi } as const;
  let settledTx: Hex | undefined;
  for (const p of items) {
    const used = await chainRead("check an authorization", () =>
      publicClient().readContract({ ...gateway, functionName: "authorizationUsed", args: [getAddress(p.payer), p.nonce as Hex] }),
    );
    if (used) {
      const tx = await findSettlementTx(p);
      settledTx ??= tx;
      if (await markSettled(p, tx ?? null)) outcome.settled++;
    } else if (unusedMeans) {
      if (await markFailed(p, unusedMeans, "settling")) outcome.failed++;
    } else if (await requeueOne(p)) {
      outcome.requeued++;
    }
  }
  await db.settlementBatch.updateMany({
    where: { id: batch.id, status: { in: ["pending", "submitted"] } },
    data: settledTx
      ? { status: "confirmed", txHash: batch.txHash ?? settledTx, confirmedAt: new Date() }
      : { status: "failed", error: unusedMeans ?? "not found on chain; its items were requeued" },
  });
  countBatch(settledTx ? "confirmed" : "failed", outcome);
  return outcome;
}

async function applyReceipt(batch: SettlementBatch, items: Payment[], receipt: TransactionReceipt): Promise<Outcome> {
  if (receipt.status !== "success") return resolveFromChain(batch, items, undefined);
  const outcome: Outcome = { settled: 0, failed: 0, requeued: 0 };
  const events = parseEventLogs({ abi: gatewayWalletAbi, logs: receipt.logs }).filter((log) => isAddressEqual(log.address, env.GATEWAY_WALLET_ADDRESS));
  const key = (from: string, nonce: string) => `${from.toLowerCase()}:${nonce.toLowerCase()}`;
  const settled = new Set<string>();
  const skipped = new Map<string, string>();
  for (const e of events) {
    if (e.eventName === "AuthorizationSettled") settled.add(key(e.args.from, e.args.nonce));
    if (e.eventName === "AuthorizationSkipped") skipped.set(key(e.args.from, e.args.nonce), e.args.reason);
  }
  const retry: Payment[] = [];
  outcome.settled += await markSettledMany(
    items.filter((p) => settled.has(key(p.payer, p.nonce ?? ""))),
    receipt.transactionHash,
  );
  for (const p of items) {
    const k = key(p.payer, p.nonce ?? "");
    if (settled.has(k)) continue; // marked above
    if (skipped.get(k) === "nonce-used") {
      retry.push(p); // settled by an earlier batch (e.g. one sent before a crash): find which
    } else if (skipped.has(k)) {
      if (await markFailed(p, `skipped by the Gateway Wallet: ${skipped.get(k)}`, "settling")) outcome.failed++;
    } else {
      retry.push(p);
    }
  }
  if (retry.length) add2(outcome, await resolveFromChain({ ...batch, txHash: receipt.transactionHash }, retry, undefined));
  await db.settlementBatch.updateMany({
    where: { id: batch.id },
    data: { status: "confirmed", txHash: receipt.transactionHash, confirmedAt: new Date() },
  });
  countBatch("confirmed", outcome, receipt.gasUsed);
  return outcome;
}

/** The tx whose AuthorizationSettled event consumed this payment's nonce. */
async function findSettlementTx(p: Payment): Promise<Hex | undefined> {
  const client = publicClient();
  const fromBlock = await blockNear(new Date(p.createdAt.getTime() - 300_000));
  const logs = await chainRead("find the settlement", () =>
    client.getContractEvents({
      address: env.GATEWAY_WALLET_ADDRESS,
      abi: gatewayWalletAbi,
      eventName: "AuthorizationSettled",
      args: { from: getAddress(p.payer), nonce: p.nonce as Hex },
      fromBlock,
      toBlock: "latest",
    }),
  );
  return logs[0]?.transactionHash;
}

/** The first block at or after `time` (binary search on timestamps), to bound a log query. */
async function blockNear(time: Date): Promise<bigint> {
  const client = publicClient();
  const target = BigInt(Math.floor(time.getTime() / 1000));
  let lo = 0n;
  let hi = await chainRead("read the chain head", () => client.getBlockNumber());
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    const block = await chainRead("read a block", () => client.getBlock({ blockNumber: mid }));
    if (block.timestamp < target) lo = mid + 1n;
    else hi = mid;
  }
  return lo;
}

async function markSettled(p: Payment, txHash: Hex | null): Promise<boolean> {
  const moved = await db.$transaction(async (tx) => {
    const moved = await tx.payment.updateMany({ where: { id: p.id, status: { in: ["settling", "locked"] } }, data: { status: "settled", settledAt: new Date(), error: null } });
    if (moved.count === 0) return false;
    await tx.receipt.updateMany({ where: { paymentId: p.id }, data: { txHash } });
    await tx.ledgerActivity.updateMany({ where: { sourceKey: `payment:${p.id}` }, data: { status: "settled", txHash } });
    return true;
  });
  if (moved) moneyEvent({ event: "payment.settled", rail: p.rail, paymentId: p.id, txHash, batchId: p.batchId });
  return moved;
}

/**
 * markSettled for a whole batch's settled items in one transaction of four statements (one per
 * payment took three statements each, 150 for a batch of 50, on the connection paid unlocks wait for).
 * If another writer moved one of them meanwhile (PostgreSQL), the batch falls back to one at a time.
 * Returns how many moved.
 */
async function markSettledMany(payments: Payment[], txHash: Hex): Promise<number> {
  if (payments.length === 0) return 0;
  const open = { status: { in: ["settling", "locked"] } };
  let moved: string[];
  try {
    moved = await db.$transaction(async (tx) => {
      const ids = (await tx.payment.findMany({ where: { id: { in: payments.map((p) => p.id) }, ...open }, select: { id: true } })).map((p) => p.id);
      if (ids.length === 0) return [];
      const updated = await tx.payment.updateMany({ where: { id: { in: ids }, ...open }, data: { status: "settled", settledAt: new Date(), error: null } });
      if (updated.count !== ids.length) throw new MovedMeanwhile();
      await tx.receipt.updateMany({ where: { paymentId: { in: ids } }, data: { txHash } });
      await markRowsBySource(tx, ids.map((id) => `payment:${id}`), { status: "settled", txHash });
      return ids;
    });
  } catch (err) {
    if (!(err instanceof MovedMeanwhile)) throw err;
    let count = 0;
    for (const p of payments) if (await markSettled(p, txHash)) count++;
    return count;
  }
  const byId = new Map(payments.map((p) => [p.id, p]));
  for (const id of moved) moneyEvent({ event: "payment.settled", rail: byId.get(id)!.rail, paymentId: id, txHash, batchId: byId.get(id)!.batchId });
  return moved.length;
}

class MovedMeanwhile extends Error {}

async function markFailed(p: Payment, error: string, from: "locked" | "settling"): Promise<boolean> {
  const moved = await db.$transaction(async (tx) => {
    const moved = await tx.payment.updateMany({ where: { id: p.id, status: from }, data: { status: "failed", error } });
    if (moved.count === 0) return false;
    await tx.ledgerActivity.updateMany({ where: { sourceKey: `payment:${p.id}` }, data: { status: "failed" } });
    // Take back what locking the payment counted: the content's unlocks and revenue, and the daily metrics.
    const receipt = await tx.receipt.findUnique({ where: { paymentId: p.id } });
    const revenue = p.amountAtomic - p.feeAtomic;
    if (receipt?.contentId) {
      await tx.content.updateMany({ where: { id: receipt.contentId }, data: { unlocks: { decrement: 1 }, revenueAtomic: { decrement: revenue } } });
    }
    if (p.siteId) {
      const delta = { siteId: p.siteId, day: p.createdAt.toISOString().slice(0, 10), unlocks: -1, payments: -1, revenueAtomic: -revenue };
      await bumpDailyMetric([delta, ...(receipt?.contentId ? [{ ...delta, contentId: receipt.contentId }] : [])], tx);
    }
    return true;
  });
  if (moved) moneyEvent({ event: "payment.failed", rail: p.rail, paymentId: p.id, reason: error });
  return moved;
}

async function requeueOne(p: Payment): Promise<boolean> {
  const moved = await db.payment.updateMany({ where: { id: p.id, status: "settling", batchId: p.batchId }, data: { status: "locked", batchId: null } });
  return moved.count === 1;
}

async function requeue(batch: SettlementBatch, items: Payment[], error: string): Promise<Outcome> {
  let requeued = 0;
  for (const p of items) if (await requeueOne(p)) requeued++;
  await db.settlementBatch.updateMany({ where: { id: batch.id }, data: { status: "failed", error } });
  countBatch("failed", { settled: 0, failed: 0, requeued });
  return { settled: 0, failed: 0, requeued };
}

/** Times one step of a pass (hub_settlement_step_duration_seconds): call the function it returns when the step ends. */
function stepTimer(step: "reconcile" | "claim" | "simulate" | "send" | "confirm" | "record"): () => void {
  const end = metrics().settlementSteps.startTimer({ step });
  return () => void end();
}

/** Metrics of a finished batch: its outcome, its items' outcomes and the gas its transaction used. */
function countBatch(status: "confirmed" | "failed", o: Outcome, gasUsed?: bigint) {
  const m = metrics();
  m.settlementBatches.inc({ status });
  for (const outcome of ["settled", "failed", "requeued"] as const) if (o[outcome]) m.settlementItems.inc({ outcome }, o[outcome]);
  if (gasUsed) m.settlementGas.inc(Number(gasUsed));
}
