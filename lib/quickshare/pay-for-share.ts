import "server-only";
import { getAddress, isAddressEqual } from "viem";
import { ApiError } from "@/lib/http/errors";
import { formatUsdc, splitFee } from "@/lib/money";
import { checkAuthorization } from "@/lib/x402/check-authorization";
import { PaymentRejected } from "@/lib/x402/payment-rejected";
import { paymentRequired } from "@/lib/x402/payment-required";
import { verifyAndRecordPayment } from "@/lib/x402/verify-and-record-payment";
import { claimedPayer, hasPaymentCredentials } from "./claimed-payer";
import { decisionError } from "./decision-error";
import { grantAccess } from "./grant-access";
import { grantResponse } from "./grant-response";
import { decideFor, type AccessContext } from "./load-access";
import { shareResource } from "./share-resource";

/**
 * A charge decision. Without credentials: 402 with the x402 challenge (both rails) for the
 * viewer's tier. With credentials: the payer they name is decided on first — a wallet other than
 * the one the request is about (403 payer-mismatch), a banned or non-invited payer (403) is refused
 * before any charge; a payer that already holds an active entitlement and signed an authorization
 * is granted without being charged (the valid signature proves the wallet); anyone else is charged
 * their own tier's price through lib/x402, which records the payment once and, in the same
 * transaction, the entitlement. A replay of recorded credentials reads again only while that
 * entitlement is active.
 */
export async function payForShare({ ctx, req }: { ctx: AccessContext; req: Request }): Promise<Response> {
  const { share, decision, viewer, purpose, now } = ctx;
  if (!share || decision.outcome !== "charge") throw new Error("payForShare without a charge decision");
  const url = shareResource(share, decision.amountAtomic).url;
  if (!hasPaymentCredentials(req.headers)) {
    throw await paymentRequired({
      resource: shareResource(share, decision.amountAtomic),
      details: `This share costs ${formatUsdc(decision.amountAtomic)} ${share.currency}${decision.tier === "whitelist" ? " (whitelist price)" : ""}: pay one of the accepts options and retry with Payment-Signature, or send a USDC transfer to payTo and retry with x-svc-transfer-tx and x-svc-tx-owner. The 200 carries an unlockProof for re-reads.${viewer.proof === "expired" ? " Your unlock proof has expired: sign in as that wallet to get a fresh one without paying." : ""}`,
    });
  }

  let price = decision.amountAtomic;
  const payer = await claimedPayer({ headers: req.headers, resourceUrl: url });
  if (payer) {
    if (viewer.wallet && !isAddressEqual(viewer.wallet, payer.wallet)) {
      throw new ApiError("payer-mismatch", `The payment comes from ${payer.wallet}, but this request is for ${viewer.wallet}; pay from that wallet or drop the wallet, proof or session`);
    }
    const forPayer = await decideFor({ share, viewer: { wallet: payer.wallet, possessed: false, proof: "none", liveProof: null }, purpose, now });
    const err = decisionError(forPayer.decision);
    if (err) throw err;
    if (forPayer.decision.outcome === "charge") price = forPayer.decision.amountAtomic;
    if (forPayer.entitlement === "active" && payer.payload) {
      // Already bought: a valid authorization proves the wallet; nothing is charged, the proof is re-issued.
      try {
        await checkAuthorization({ payload: payer.payload, resource: shareResource(share, price) });
      } catch (e) {
        if (e instanceof PaymentRejected) throw await paymentRequired({ resource: shareResource(share, price), reason: e.reason, details: e.details });
        throw e;
      }
      const owned = { ...forPayer, viewer: { wallet: payer.wallet, possessed: true, proof: "none" as const, liveProof: null } };
      return grantResponse({ ...owned, decision: { outcome: "grant", via: "entitlement", entitle: null, issueProof: true } });
    }
  }

  const resource = shareResource(share, price);
  const outcome = await verifyAndRecordPayment({
    resource,
    headers: req.headers,
    onRecorded: async (tx, recorded) => {
      const row = await tx.payment.findUniqueOrThrow({ where: { id: recorded.id }, select: { txHash: true, feeAtomic: true } });
      await grantAccess(
        {
          shareId: share.id,
          wallet: recorded.payer,
          source: "payment",
          payment: { paymentId: recorded.id, amountAtomic: recorded.amount, feeAtomic: row.feeAtomic ?? splitFee(recorded.amount, resource.feeBps).fee, txHash: row.txHash },
        },
        tx,
      );
    },
  });
  const paidBy = getAddress(outcome.receipt.payer!);
  const after = await decideFor({ share, viewer: { wallet: paidBy, possessed: true, proof: "none", liveProof: null }, purpose, now });
  if (after.decision.outcome !== "grant") {
    // Only a replay lands here: the first purchase's access was revoked or banned since.
    const err = decisionError(after.decision);
    if (err && after.decision.outcome !== "charge") throw err;
    throw await paymentRequired({ resource, reason: "payment_already_used", details: "These credentials paid for this share before and the owner has since revoked that access: sign a new payment to buy again" });
  }
  const r = outcome.receipt;
  return grantResponse(after, {
    wallet: paidBy,
    headers: outcome.headers,
    payment: { amount: r.amount, currency: r.currency, payerWallet: paidBy, txHash: r.txHash, protocolFee: r.protocolFee, paymentId: r.paymentId ?? undefined, paymentProvider: r.paymentProvider, network: r.network },
  });
}
