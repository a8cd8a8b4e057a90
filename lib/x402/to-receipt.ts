import type { Payment, Receipt } from "@/lib/generated/sqlite/client";
import { usdcNumber } from "@/lib/money";
import type { PaymentReceipt } from "./types";

// The stored columns are plain strings holding the receipt's enum values. Typed, not parsed: the paid
// path never throws on a stored row, and outside production the route wrapper checks every answer
// against the receipt's schema (lib/http/route.ts), so a value off the enum fails a test.
type Field<K extends keyof PaymentReceipt> = PaymentReceipt[K];

/** The interface's payment object, rendered from the stored payment and its receipt (money as numbers only here). */
export function toReceipt(payment: Pick<Payment, "id" | "rail" | "status" | "chainId" | "payTo">, receipt: Receipt): PaymentReceipt {
  return {
    paymentProvider: receipt.paymentProvider as Field<"paymentProvider">,
    verified: receipt.verified,
    paymentId: payment.id,
    recipient: receipt.recipient,
    network: receipt.network as Field<"network">,
    amount: usdcNumber(receipt.amountAtomic),
    revenue: usdcNumber(receipt.revenueAtomic),
    currency: receipt.currency as Field<"currency">,
    payer: receipt.payer,
    txHash: receipt.txHash,
    protocolFee: receipt.protocolFeeAtomic === null ? null : usdcNumber(receipt.protocolFeeAtomic),
    rail: payment.rail as Field<"rail">,
    status: payment.status as Field<"status">,
    chainId: `eip155:${payment.chainId}`,
    payTo: payment.payTo,
    contentId: receipt.contentId,
  };
}
