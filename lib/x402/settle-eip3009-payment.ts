import "server-only";
import { getAddress, isAddressEqual, parseEventLogs, type Hex, type TransactionReceipt } from "viem";
import { usdcAbi } from "@/lib/chain/abis";
import { chainRead, isChainUnavailable } from "@/lib/chain/chain-read";
import { publicClient, relayerClient } from "@/lib/chain/clients";
import { NETWORKS } from "@/lib/chain/networks";
import { db, type DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import { moneyEvent } from "@/lib/log/money-event";
import type { Payment } from "@/lib/generated/sqlite/client";
import { ApiError } from "@/lib/http/errors";
import { formatUsdc, splitFee } from "@/lib/money";
import type { Authorization, CheckedAuthorization } from "./check-authorization";
import { newPayment } from "./insert-payment";
import { isUniqueViolation } from "./is-unique-violation";
import { paidOutcome } from "./paid-outcome";
import { paymentByNonce } from "./payment-by-nonce";
import { PaymentRejected } from "./payment-rejected";
import { recordPaidUnlock } from "./record-paid-unlock";
import { replayPayment, type StoredPayment } from "./replay-payment";
import type { OnRecorded, PaidResource, PaymentOutcome, PrepareResource } from "./types";

/** A pending payment touched more recently than this is being settled by another request: wait for it. */
export const EIP3009_IN_FLIGHT_MS = 30_000;
const RECEIPT_TIMEOUT_MS = 20_000;

/** How often recording a payment whose transfer landed is tried before it is marked failed for an operator. */
export const MAX_RECORD_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;

/** `fault` (HUB_TEST_FAULTS only): "record-after-chain" makes recording fail once after the on-chain transfer. */
type Context = { resource: PaidResource; actor?: string | null; onRecorded?: OnRecorded; fault?: string };
/** The pending row's `authorization` column: what reconciling needs, plus the recording attempts so far. */
type Snapshot = { fromBlock?: string; resource?: PaidResource & { price: string }; attempts?: number; retryAt?: number };

/**
 * Plain EIP-3009 option, after checkAuthorization: the hub's relayer submits the payer's
 * `transferWithAuthorization` (bytes-signature form) to USDC at once and grants only after a
 * successful receipt with the Transfer. The payment is recorded as pending before anything is sent,
 * so a crash or a timeout leaves a row to reconcile from chain state (`authorizationState` and the
 * AuthorizationUsed log) rather than a payment the hub forgot; the nonce makes a second charge
 * impossible on chain. An unknown outcome answers 503 and the same request can be retried.
 */
export async function settleEip3009Payment({
  resource,
  checked,
  actor,
  onRecorded,
  fault,
  prepare,
}: Context & { checked: CheckedAuthorization; prepare?: PrepareResource }): Promise<PaymentOutcome> {
  const ctx: Context = { resource, actor, onRecorded, fault };
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const { authorization: auth, signature } = checked;
  const key = { chainId, payer: auth.from, nonce: auth.nonce };

  const existing = await paymentByNonce(key);
  if (existing) return replayPayment({ existing, resource, signature }) ?? resumePending(existing, ctx);

  const client = publicClient();
  const usdc = { address: env.USDC_ADDRESS, abi: usdcAbi } as const;
  const [used, balance, block] = await chainRead("check the payer's USDC", () =>
    Promise.all([
      client.readContract({ ...usdc, functionName: "authorizationState", args: [auth.from, auth.nonce] }),
      client.readContract({ ...usdc, functionName: "balanceOf", args: [auth.from] }),
      client.getBlockNumber(),
    ]),
  );
  if (used) throw new PaymentRejected("nonce_used", "USDC has already used (or the payer canceled) an authorization with this nonce");
  if (balance < auth.value) {
    throw new PaymentRejected("insufficient_funds", `${auth.from} holds ${formatUsdc(balance)} USDC; ${formatUsdc(auth.value)} USDC needed`);
  }

  let payment: Payment;
  // With `prepare`, its writes and the pending row commit together (nothing is written for a refusal).
  const insert = (client: DbOrTx) =>
    client.payment.create({
      data: newPayment({
        rail: "eip3009",
        status: "pending",
        resource,
        checked,
        chainId,
        fee: splitFee(auth.value, resource.feeBps).fee,
        authorization: JSON.stringify({ fromBlock: block.toString(), resource: { ...resource, price: resource.price.toString() } }),
      }),
    });
  try {
    payment = prepare
      ? await db.$transaction(async (tx) => {
          ctx.resource = resource = await prepare(tx);
          return insert(tx);
        })
      : await insert(db);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await paymentByNonce(key);
    if (!winner) throw err;
    return replayPayment({ existing: winner, resource, signature }) ?? resumePending(winner, ctx);
  }
  return submit(payment, ctx);
}

/**
 * Settles or fails a payment left pending (a crash, a timeout, a client that never came back), from
 * chain state only. Used by the settler loop; the resource comes from the snapshot stored with the
 * payment. Returns the payment's new status.
 */
export async function reconcileEip3009Payment(payment: Payment): Promise<string> {
  const snapshot = snapshotOf(payment);
  if (!snapshot.resource) return payment.status;
  if ((snapshot.retryAt ?? 0) > Date.now()) return payment.status; // backing off after a failed attempt
  const resource = { ...snapshot.resource, price: BigInt(snapshot.resource.price) };
  const claimed = await db.payment.updateMany({ where: { id: payment.id, status: "pending", updatedAt: payment.updatedAt }, data: { error: null } });
  if (claimed.count === 0) return payment.status;
  try {
    const outcome = (await reconcile(payment, { resource })) ?? (await submit(payment, { resource }));
    return outcome.receipt.status;
  } catch (err) {
    if (err instanceof PaymentRejected) return "failed";
    throw err;
  }
}

async function resumePending(existing: StoredPayment, ctx: Context): Promise<PaymentOutcome> {
  const age = Date.now() - existing.updatedAt.getTime();
  // An error on a pending row means its last attempt ended (e.g. recording failed after the
  // transfer): nobody is settling it, so the payer's retry reconciles it now.
  if (age >= EIP3009_IN_FLIGHT_MS || existing.error) {
    // Claim the pending row (only one request reconciles it), then settle it from chain state.
    const claimed = await db.payment.updateMany({ where: { id: existing.id, status: "pending", updatedAt: existing.updatedAt }, data: { error: null } });
    if (claimed.count === 1) return (await reconcile(existing, ctx)) ?? submit(existing, ctx);
  }
  // Another request is settling it right now: wait briefly for its outcome.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 150));
    const row = await db.payment.findUnique({ where: { id: existing.id }, include: { receipt: true } });
    if (row && row.status !== "pending") return replayPayment({ existing: row, resource: ctx.resource, signature: row.signature ?? undefined })!;
  }
  throw unknownOutcome();
}

async function submit(payment: Payment, ctx: Context): Promise<PaymentOutcome> {
  const auth = authorizationOf(payment);
  let hash: Hex;
  try {
    hash = await relayerClient().writeContract({
      address: env.USDC_ADDRESS,
      abi: usdcAbi,
      functionName: "transferWithAuthorization",
      args: [auth.from, auth.to, auth.value, auth.validAfter, auth.validBefore, auth.nonce, payment.signature as Hex],
    });
  } catch (err) {
    if (isChainUnavailable(err)) throw unknownOutcome();
    // The simulation reverted, so nothing was sent: the nonce may be spent by someone else's
    // submission of the same authorization (then the transfer happened), or the payment cannot settle.
    const settled = await reconcile(payment, ctx);
    if (settled) return settled;
    return fail(payment, `USDC refused the transfer: ${(err as { shortMessage?: string }).shortMessage ?? String(err)}`);
  }
  await db.payment.updateMany({ where: { id: payment.id, status: "pending" }, data: { txHash: hash } });
  let receipt: TransactionReceipt;
  try {
    receipt = await publicClient().waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
  } catch {
    throw unknownOutcome();
  }
  if (receipt.status === "success" && hasTransfer(receipt, auth)) return settle(payment, ctx, hash);
  return (await reconcile(payment, ctx)) ?? fail(payment, `The settlement transaction ${hash} reverted`);
}

/**
 * The payment's fate from chain state: settled (AuthorizationUsed log with its Transfer), failed
 * (nonce canceled, or expired unused), still in flight (throws 503), or undefined (not sent: submit it).
 */
async function reconcile(payment: Payment, ctx: Context): Promise<PaymentOutcome | undefined> {
  const auth = authorizationOf(payment);
  const client = publicClient();
  const usdc = { address: env.USDC_ADDRESS, abi: usdcAbi } as const;
  const used = await chainRead("check the authorization", () =>
    client.readContract({ ...usdc, functionName: "authorizationState", args: [auth.from, auth.nonce] }),
  );
  if (used) {
    const fromBlock = BigInt(snapshotOf(payment).fromBlock ?? "0");
    const logs = await chainRead("find the settlement", () =>
      client.getContractEvents({ ...usdc, eventName: "AuthorizationUsed", args: { authorizer: auth.from, nonce: auth.nonce }, fromBlock, toBlock: "latest" }),
    );
    const hash = logs[0]?.transactionHash;
    if (hash) {
      const receipt = await chainRead("read the settlement", () => client.getTransactionReceipt({ hash }));
      if (receipt.status === "success" && hasTransfer(receipt, auth)) return settle(payment, ctx, hash);
    }
    return fail(payment, "The payer canceled the authorization before it settled");
  }
  if (payment.txHash) {
    const tx = await chainRead("look up the settlement", () => client.getTransaction({ hash: payment.txHash as Hex }).catch(() => null));
    if (tx && tx.blockNumber === null) throw unknownOutcome();
  }
  if (auth.validBefore <= BigInt(Math.floor(Date.now() / 1000))) return fail(payment, "The authorization expired before it settled");
  return undefined;
}

async function settle(payment: Payment, ctx: Context, txHash: Hex): Promise<PaymentOutcome> {
  let outcome: PaymentOutcome | undefined;
  try {
    outcome = await db.$transaction(async (tx) => {
      const moved = await tx.payment.updateMany({
        where: { id: payment.id, status: "pending" },
        data: { status: "settled", txHash, settledAt: new Date(), error: null },
      });
      if (moved.count === 0) return undefined;
      const row = await tx.payment.findUniqueOrThrow({ where: { id: payment.id } });
      if (ctx.fault === "record-after-chain") throw new Error("injected fault (x-hub-test-fault: record-after-chain)");
      return paidOutcome(row, await recordPaidUnlock(tx, { payment: row, resource: ctx.resource, actor: ctx.actor, onRecorded: ctx.onRecorded }), false);
    });
  } catch (err) {
    // The USDC moved but the hub could not record it: keep the row pending with the settlement tx,
    // count the attempt, and tell the payer to retry the same request (reconciled from the chain).
    console.error(`[x402] recording payment ${payment.id} after its transfer ${txHash} failed`, err);
    await noteFailedAttempt(payment, `recording failed after the transfer ${txHash}: ${(err as Error).message?.slice(0, 300) ?? String(err)}`, txHash);
    throw new ApiError(
      "payment-not-recorded",
      `Your USDC transfer ${txHash} landed but the hub could not record it yet; retry the same request (same Payment-Signature) to get the receipt. You will not be charged twice.`,
      { "retry-after": "2" },
    );
  }
  if (outcome) return outcome;
  // Someone else settled it first: answer with their result.
  const row = await db.payment.findUniqueOrThrow({ where: { id: payment.id }, include: { receipt: true } });
  return replayPayment({ existing: row, resource: ctx.resource }) ?? Promise.reject(unknownOutcome());
}

/**
 * Counts one failed attempt at completing a pending payment and schedules the next one with
 * exponential backoff; after MAX_RECORD_ATTEMPTS the row is marked failed, with the reason, for an
 * operator (docs/payments.md, "Payments that could not be recorded"). Other rows are unaffected.
 */
export async function noteFailedAttempt(payment: Payment, error: string, txHash?: Hex): Promise<void> {
  const current = (await db.payment.findUnique({ where: { id: payment.id } })) ?? payment;
  if (current.status !== "pending") return;
  const snapshot = snapshotOf(current);
  const attempts = (snapshot.attempts ?? 0) + 1;
  const retryAt = Date.now() + Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
  const final = attempts >= MAX_RECORD_ATTEMPTS;
  await db.payment.updateMany({
    where: { id: payment.id, status: "pending" },
    data: {
      ...(txHash ? { txHash } : {}),
      status: final ? "failed" : "pending",
      error: final ? `${error} — recording failed after ${attempts} attempts; an operator must resolve it (docs/payments.md: payments that could not be recorded)` : error,
      authorization: JSON.stringify({ ...snapshot, attempts, retryAt }),
    },
  });
  if (final) console.error(`[x402] payment ${payment.id} of ${payment.payer} marked failed after ${attempts} attempts: ${error}`);
}

function snapshotOf(payment: Payment): Snapshot {
  try {
    return JSON.parse(payment.authorization ?? "{}") as Snapshot;
  } catch {
    return {};
  }
}

async function fail(payment: Payment, error: string): Promise<never> {
  const moved = await db.payment.updateMany({ where: { id: payment.id, status: "pending" }, data: { status: "failed", error } });
  if (moved.count) moneyEvent({ event: "payment.failed", rail: "eip3009", paymentId: payment.id, reason: error });
  throw new PaymentRejected("settlement_failed", error);
}

/** The USDC contract's own Transfer log for exactly this authorization (another token's log never counts). */
function hasTransfer(receipt: TransactionReceipt, auth: Authorization): boolean {
  const logs = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs });
  return logs.some(
    (log) =>
      isAddressEqual(log.address, env.USDC_ADDRESS) &&
      isAddressEqual(log.args.from, auth.from) &&
      isAddressEqual(log.args.to, auth.to) &&
      log.args.value === auth.value,
  );
}

function authorizationOf(payment: Payment): Authorization {
  return {
    from: getAddress(payment.payer),
    to: getAddress(payment.payTo),
    value: payment.amountAtomic,
    validAfter: payment.validAfter ?? 0n,
    validBefore: payment.validBefore ?? 0n,
    nonce: payment.nonce as Hex,
  };
}

function unknownOutcome() {
  return new ApiError(
    "chain-unavailable",
    "The USDC transfer may have been submitted but its outcome is not known yet; retry the same request (same Payment-Signature) to get the receipt. You will not be charged twice.",
    { "retry-after": "5" },
  );
}
