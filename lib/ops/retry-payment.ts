import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { moneyEvent } from "@/lib/log/money-event";
import { EIP3009_IN_FLIGHT_MS } from "@/lib/x402/settle-eip3009-payment";

export type RetryResult = {
  paymentId: string;
  /** requeued: handed back to the settler; unchanged: the payment was not failed (nothing done). */
  outcome: "requeued" | "unchanged";
  status: string;
  details: string;
};

/** An authorization this close to its validBefore is not worth handing back (as the settler's margin). */
const EXPIRY_MARGIN_SECONDS = 30n;

/**
 * The operator's retry of a failed payment: hands the signed authorization back to the settler,
 * which first asks the chain whether it was already used. It cannot charge twice: the authorization
 * has one nonce, the Gateway Wallet (or USDC, for a plain EIP-3009 payment) refuses a used nonce,
 * and the settler then records the earlier settlement instead of a new one. Idempotent: only a row
 * still `failed` moves (one guarded update), so a second click, a concurrent retry or a retry of a
 * payment that is no longer failed does nothing. An authorization past its validBefore cannot be
 * retried (409): the payer must pay again.
 */
export async function retryPayment({ paymentId, now = new Date() }: { paymentId: string; now?: Date }): Promise<RetryResult> {
  const p = await db.payment.findFirst({ where: { id: paymentId, network: env.NETWORK_MODE } });
  if (!p) throw new ApiError("not-found", `No payment ${paymentId} on this hub`);
  if (p.status !== "failed") return { paymentId, outcome: "unchanged", status: p.status, details: `The payment is ${p.status}, not failed: nothing to retry` };
  if (p.rail === "transfer" || !p.nonce || !p.signature) {
    throw new ApiError("conflict", "Only a signed authorization (gateway or EIP-3009 rail) can be retried; a transfer is settled by the payer's own transaction");
  }
  const nowSeconds = BigInt(Math.floor(now.getTime() / 1000));
  if ((p.validBefore ?? 0n) <= nowSeconds + EXPIRY_MARGIN_SECONDS) {
    throw new ApiError("conflict", `The authorization expired (validBefore ${p.validBefore}); it cannot be settled any more and the payer must pay again`);
  }
  const data =
    p.rail === "gateway"
      ? { status: "locked", batchId: null, error: null }
      : // A pending plain payment older than the in-flight window is what the settler reconciles from chain state.
        { status: "pending", error: null, updatedAt: new Date(now.getTime() - EIP3009_IN_FLIGHT_MS - 1_000) };
  const moved = await db.$transaction(async (tx) => {
    const m = await tx.payment.updateMany({ where: { id: p.id, status: "failed" }, data });
    if (m.count === 0) return false;
    await tx.ledgerActivity.updateMany({ where: { sourceKey: `payment:${p.id}` }, data: { status: data.status } });
    return true;
  });
  if (!moved) {
    const now2 = await db.payment.findUniqueOrThrow({ where: { id: p.id }, select: { status: true } });
    return { paymentId, outcome: "unchanged", status: now2.status, details: "Another retry moved it first" };
  }
  moneyEvent({ event: "payment.retried", rail: p.rail, paymentId: p.id, outcome: data.status });
  return { paymentId, outcome: "requeued", status: data.status, details: "Handed back to the settler; it checks the chain before sending anything" };
}
