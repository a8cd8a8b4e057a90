import type { SettleResponse } from "@x402/core/types";
import { parseUsdc } from "@/lib/money";
import { HEADERS } from "./constants";
import { encodeHeaderJson } from "./header-json";
import type { PaymentReceipt } from "./types";

/**
 * PAYMENT-RESPONSE for a 200: the x402 settle response. `transaction` is the settlement tx hash, or
 * for a gateway payment still locked in its batch, the hub's payment id (as Circle Gateway answers
 * with its own transfer id). `extensions` (the signed receipt) are written in the same encoding, once.
 * Written as @x402/core's `encodePaymentResponseHeader` writes it (lib/x402/header-json.ts).
 */
export function paymentResponseHeader(receipt: PaymentReceipt, extensions?: Record<string, unknown>): Record<string, string> {
  const response: SettleResponse = {
    success: true,
    payer: receipt.payer ?? undefined,
    transaction: receipt.txHash ?? receipt.paymentId ?? "",
    network: receipt.chainId as `${string}:${string}`,
    amount: parseUsdc(receipt.amount).toString(),
    ...(extensions ? { extensions } : {}),
  };
  return { [HEADERS.response]: encodeHeaderJson(response) };
}
