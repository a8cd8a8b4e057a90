import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { receiptKey, signedReceipt } from "./extensions/offer-receipt";

/**
 * GET /hub/receipts/<paymentId>: the signed receipt (x402 offer-receipt, EIP-712) of a recorded
 * payment of this hub's network, the same one its paid 200 carried, with the key that signed it.
 * Ledger payment rows link here (receiptUrl). Pending or failed payments have none (404).
 */
export async function receiptForPayment(paymentId: string) {
  const payment = await db.payment.findFirst({
    where: { id: paymentId, network: env.NETWORK_MODE, status: { in: ["locked", "settled"] } },
    include: { receipt: true },
  });
  if (!payment?.receipt?.resourceUrl) throw new ApiError("not-found", `No signed receipt for payment ${paymentId} on this hub`);
  const key = receiptKey();
  return {
    success: true as const,
    paymentId,
    receipt: await signedReceipt({ resourceUrl: payment.receipt.resourceUrl, payer: payment.payer, recordedAt: payment.createdAt }),
    signer: { kid: key.kid, address: key.address, format: key.format },
  };
}
