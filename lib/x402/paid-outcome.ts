import type { Payment, Receipt } from "@/lib/generated/sqlite/client";
import { paymentResponseHeader } from "./payment-response-header";
import { toReceipt } from "./to-receipt";
import type { PaymentOutcome } from "./types";

/** The answer for a recorded payment, new or replayed: its receipt, the PAYMENT-RESPONSE header, and when it was recorded. */
export function paidOutcome(payment: Payment, receipt: Receipt, replayed: boolean): PaymentOutcome {
  const rendered = toReceipt(payment, receipt);
  return { receipt: rendered, replayed, headers: paymentResponseHeader(rendered), recordedAt: payment.createdAt };
}
