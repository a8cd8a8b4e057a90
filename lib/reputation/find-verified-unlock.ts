import "server-only";
import { getAddress } from "viem";
import { db, type DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";

// A payment counts as an unlock once the hub verified it: locked against a deposit, settling or settled.
const VERIFIED = ["locked", "settling", "settled"];

/**
 * The wallet's verified paid unlock of a content item, optionally pinned to a payment id or to the
 * unlock reference a rating names (the payment's transaction hash, id or authorization nonce).
 */
export async function findVerifiedUnlock(
  opts: { contentId: string; wallet: string; paymentId?: string; unlockRef?: string },
  client: DbOrTx = db,
) {
  const ref = opts.unlockRef;
  return client.payment.findFirst({
    where: {
      network: env.NETWORK_MODE,
      resourceType: "content",
      resourceId: opts.contentId,
      payer: getAddress(opts.wallet),
      status: { in: VERIFIED },
      ...(opts.paymentId ? { id: opts.paymentId } : {}),
      ...(ref ? { OR: [{ txHash: ref }, { id: ref }, { nonce: ref }] } : {}),
    },
    orderBy: { createdAt: "asc" },
  });
}

/** What a rating transaction should pass as `unlockRef` for this payment. */
export function unlockRefOf(payment: { id: string; txHash: string | null }): string {
  return payment.txHash ?? payment.id;
}
