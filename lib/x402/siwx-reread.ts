import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { SiwxRejected, verifySiwx } from "./extensions/siwx";
import { paymentRequired } from "./payment-required";
import { toReceipt } from "./to-receipt";
import type { PaidResource, PaymentOutcome } from "./types";

/**
 * A SIGN-IN-WITH-X re-read of something sold through lib/x402 (hub content on /hub/pay): the proof
 * names a wallet; when that wallet already paid for this resource (a locked or settled payment),
 * the answer is that payment's receipt, with nothing charged and nothing written but the spent
 * nonce. A wallet that never paid gets the 402 as before; a proof that does not verify gets the
 * 402 with the package's reason (invalid_siwx_*).
 */
export async function siwxReread(resource: PaidResource, header: string): Promise<PaymentOutcome> {
  let wallet: string;
  try {
    wallet = await verifySiwx(header, resource);
  } catch (err) {
    if (err instanceof SiwxRejected) {
      throw await paymentRequired({ resource, reason: err.reason, details: `${err.details}. Sign the sign-in-with-x challenge of this 402 again, or pay one of the accepts options` });
    }
    throw err;
  }
  const paid = await db.payment.findFirst({
    where: { network: env.NETWORK_MODE, resourceType: resource.kind, resourceId: resource.id, payer: { in: [wallet, wallet.toLowerCase()] }, status: { in: ["locked", "settled"] } },
    include: { receipt: true },
    orderBy: { createdAt: "desc" },
  });
  if (!paid?.receipt) {
    throw await paymentRequired({
      resource,
      details: `${wallet} signed in but has not bought this resource: pay one of the accepts options and retry with Payment-Signature`,
    });
  }
  return { receipt: toReceipt(paid, paid.receipt), replayed: true, headers: {}, recordedAt: paid.createdAt };
}
