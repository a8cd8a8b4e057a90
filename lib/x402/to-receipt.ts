import type { Payment, Receipt } from "@/lib/generated/sqlite/client";
import { usdcNumber } from "@/lib/money";
import type { PaymentReceipt, Rail } from "./types";

/** The interface's payment object, rendered from the stored payment and its receipt (money as numbers only here). */
export function toReceipt(payment: Pick<Payment, "id" | "rail" | "status" | "chainId" | "payTo">, receipt: Receipt): PaymentReceipt {
  return {
    paymentProvider: receipt.paymentProvider,
    verified: receipt.verified,
    paymentId: payment.id,
    recipient: receipt.recipient,
    network: receipt.network,
    amount: usdcNumber(receipt.amountAtomic),
    revenue: usdcNumber(receipt.revenueAtomic),
    currency: receipt.currency,
    payer: receipt.payer,
    txHash: receipt.txHash,
    protocolFee: receipt.protocolFeeAtomic === null ? null : usdcNumber(receipt.protocolFeeAtomic),
    rail: payment.rail as Rail,
    status: payment.status,
    chainId: `eip155:${payment.chainId}`,
    payTo: payment.payTo,
    contentId: receipt.contentId,
  };
}
