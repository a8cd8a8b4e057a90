import "server-only";
import { getAddress } from "viem";
import { db, type DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import { POST_LISTING_PREFIX } from "@/lib/explore/post-listing-id";
import { VERIFIED_PAYMENT_STATES } from "@/lib/x402/constants";

// A payment counts as an unlock once the hub verified it: locked against a deposit, settling or settled.

/**
 * What a payment for this content item is recorded against: the item itself (`/hub/pay`), and, for
 * the explore listing of a hosted blog post, the post (its blog's access route and page sell it as
 * a `blogpost` resource). A buyer of either is a buyer of the item.
 */
function paidResourcesOf(content: { id: string; externalId: string }) {
  const resources = [{ resourceType: "content", resourceId: content.id }];
  if (content.externalId.startsWith(POST_LISTING_PREFIX)) {
    resources.push({ resourceType: "blogpost", resourceId: content.externalId.slice(POST_LISTING_PREFIX.length) });
  }
  return resources;
}

/**
 * The wallet's verified paid unlock of a content item, optionally pinned to a payment id or to the
 * unlock reference a rating names (the payment's transaction hash, id or authorization nonce).
 */
export async function findVerifiedUnlock(
  opts: { content: { id: string; externalId: string }; wallet: string; paymentId?: string; unlockRef?: string },
  client: DbOrTx = db,
) {
  const ref = opts.unlockRef;
  return client.payment.findFirst({
    where: {
      network: env.NETWORK_MODE,
      payer: getAddress(opts.wallet),
      status: { in: VERIFIED_PAYMENT_STATES },
      AND: [
        { OR: paidResourcesOf(opts.content) },
        ...(ref ? [{ OR: [{ txHash: ref }, { id: ref }, { nonce: ref }] }] : []),
      ],
      ...(opts.paymentId ? { id: opts.paymentId } : {}),
    },
    orderBy: { createdAt: "asc" },
  });
}

/** What a rating transaction should pass as `unlockRef` for this payment. */
export function unlockRefOf(payment: { id: string; txHash: string | null }): string {
  return payment.txHash ?? payment.id;
}
