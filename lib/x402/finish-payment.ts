import "server-only";
import { moneyEvent } from "@/lib/log/money-event";
import { withSignedReceipt } from "./extensions/offer-receipt";
import type { PaidResource, PaymentOutcome } from "./types";

/**
 * Every paid answer, first or replayed: the one log line (and metric) of a newly recorded payment (a
 * replay wrote nothing and logs nothing), and the signed receipt in PAYMENT-RESPONSE (offer-receipt).
 */
export async function finishPayment(outcome: PaymentOutcome, resource: PaidResource): Promise<PaymentOutcome> {
  const r = outcome.receipt;
  if (!outcome.replayed) moneyEvent({ event: "payment.recorded", rail: r.rail, status: r.status, paymentId: r.paymentId ?? "", payer: r.payer ?? "", amount: resource.price, resource: `${resource.kind}:${resource.id}` });
  return withSignedReceipt(outcome, resource, outcome.recordedAt);
}
