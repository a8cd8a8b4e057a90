import { encodePaymentResponseHeader } from "@x402/core/http";
import { parseUsdc } from "@/lib/money";
import { HEADERS } from "./constants";
import type { PaymentReceipt } from "./types";

/**
 * PAYMENT-RESPONSE for a 200: the x402 settle response. `transaction` is the settlement tx hash, or
 * for a gateway payment still locked in its batch, the hub's payment id (as Circle Gateway answers
 * with its own transfer id). `extensions` (the signed receipt) are written in the same encoding, once.
 */
export function paymentResponseHeader(receipt: PaymentReceipt, extensions?: Record<string, unknown>): Record<string, string> {
  const value = encodePaymentResponseHeader({
    success: true,
    payer: receipt.payer ?? undefined,
    transaction: receipt.txHash ?? receipt.paymentId ?? "",
    network: receipt.chainId as `${string}:${string}`,
    amount: parseUsdc(receipt.amount).toString(),
    ...(extensions ? { extensions } : {}),
  });
  return { [HEADERS.response]: value };
}
