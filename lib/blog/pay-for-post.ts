import "server-only";
import { getAddress, isAddressEqual } from "viem";
import { ApiError } from "@/lib/http/errors";
import { formatUsdc } from "@/lib/money";
import { claimedPayer, hasPaymentCredentials } from "@/lib/quickshare/claimed-payer";
import { activateEntitlement } from "@/lib/quickshare/grant-access";
import { checkAuthorization } from "@/lib/x402/check-authorization";
import { PaymentRejected } from "@/lib/x402/payment-rejected";
import { paymentRequired } from "@/lib/x402/payment-required";
import { verifyAndRecordPayment } from "@/lib/x402/verify-and-record-payment";
import type { BlogContext } from "./blog-context";
import { decidePostFor, type PostAccessContext } from "./load-post-access";
import { postDecisionError } from "./post-decision-error";
import { postEntitlementKey } from "./post-gate";
import { postGrantResponse } from "./post-grant-response";
import { postResource } from "./post-resource";
import { postPath } from "./post-urls";

/**
 * A charge decision on a post, exactly as for a share: 402 with the challenge (both rails) without
 * credentials; with credentials, the payer they name is decided on first (banned, not invited,
 * another wallet than the request is about: 403 before any charge; already entitled with a valid
 * authorization: granted without a charge); anyone else pays through lib/x402, which records the
 * payment once and, in the same transaction, the entitlement.
 */
export async function payForPost({ blog, ctx, req }: { blog: BlogContext; ctx: PostAccessContext; req: Request }): Promise<Response> {
  const { post, decision, viewer, purpose, now } = ctx;
  if (!post || decision.outcome !== "charge") throw new Error("payForPost without a charge decision");
  const resourceAt = (price: bigint) => postResource({ site: blog.site, origin: blog.origin, post, priceAtomic: price });
  if (!hasPaymentCredentials(req.headers)) {
    throw await paymentRequired({
      resource: resourceAt(decision.amountAtomic),
      details: `This post costs ${formatUsdc(decision.amountAtomic)} ${post.currency}: pay one of the accepts options and retry with Payment-Signature, or send a USDC transfer to payTo and retry with x-svc-transfer-tx and x-svc-tx-owner. The 200 carries an unlockProof for re-reads (header x-svc-payment-proof).`,
    });
  }

  let price = decision.amountAtomic;
  const payer = await claimedPayer({ headers: req.headers, resourceUrl: resourceAt(price).url });
  if (payer) {
    if (viewer.wallet && !isAddressEqual(viewer.wallet, payer.wallet)) {
      throw new ApiError("payer-mismatch", `The payment comes from ${payer.wallet}, but this request is for ${viewer.wallet}; pay from that wallet or drop the wallet, proof or session`);
    }
    const forPayer = await decidePostFor({ post, viewer: { wallet: payer.wallet, possessed: false, proof: "none", liveProof: null }, purpose, now });
    const err = postDecisionError(forPayer.decision, postPath(post));
    if (err) throw err;
    if (forPayer.decision.outcome === "charge") price = forPayer.decision.amountAtomic;
    if (forPayer.entitlement === "active" && payer.payload) {
      try {
        await checkAuthorization({ payload: payer.payload, resource: resourceAt(price) });
      } catch (e) {
        if (e instanceof PaymentRejected) throw await paymentRequired({ resource: resourceAt(price), reason: e.reason, details: e.details });
        throw e;
      }
      const owned = { ...forPayer, viewer: { wallet: payer.wallet, possessed: true, proof: "none" as const, liveProof: null } };
      return postGrantResponse(blog, { ...owned, decision: { outcome: "grant", via: "entitlement", entitle: null, issueProof: true } });
    }
  }

  const resource = resourceAt(price);
  const outcome = await verifyAndRecordPayment({
    resource,
    headers: req.headers,
    actor: req.headers.get("x-svc-actor") === "agent" ? "agent" : null,
    onRecorded: async (tx, recorded) => {
      await activateEntitlement(tx, { resourceKey: postEntitlementKey(post.id), wallet: recorded.payer, source: "payment", paymentId: recorded.id });
    },
  });
  const paidBy = getAddress(outcome.receipt.payer!);
  const after = await decidePostFor({ post, viewer: { wallet: paidBy, possessed: true, proof: "none", liveProof: null }, purpose, now });
  if (after.decision.outcome !== "grant") {
    const err = postDecisionError(after.decision, postPath(post));
    if (err && after.decision.outcome !== "charge") throw err;
    throw await paymentRequired({ resource, reason: "payment_already_used", details: "These credentials paid for this post before and the owner has since revoked that access: sign a new payment to buy again" });
  }
  const r = outcome.receipt;
  return postGrantResponse(blog, after, {
    wallet: paidBy,
    headers: outcome.headers,
    payment: { amount: r.amount, currency: r.currency, payerWallet: paidBy, txHash: r.txHash, protocolFee: r.protocolFee, paymentId: r.paymentId ?? undefined, paymentProvider: r.paymentProvider, network: r.network },
  });
}
