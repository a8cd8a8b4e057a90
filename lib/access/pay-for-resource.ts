import "server-only";
import { getAddress, isAddressEqual } from "viem";
import { ApiError } from "@/lib/http/errors";
import { formatUsdc, splitFee } from "@/lib/money";
import { checkAuthorization } from "@/lib/x402/check-authorization";
import type { Credentials } from "@/lib/x402/parse-credentials";
import { PaymentRejected } from "@/lib/x402/payment-rejected";
import { paymentRequired } from "@/lib/x402/payment-required";
import { verifyAndRecordPayment } from "@/lib/x402/verify-and-record-payment";
import { claimedPayer } from "./claimed-payer";
import { decideFor } from "./decide-for";
import { decisionError } from "./decision-error";
import { entitle } from "./entitle";
import { grantResource } from "./grant-resource";
import type { AccessAdapter, AccessAnswer, AccessContext } from "./types";

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
export async function payForResource<R extends { id: string }, B>(
  adapter: AccessAdapter<R, B>,
  { ctx, credentials, notFound }: { ctx: AccessContext<R>; credentials: Credentials; notFound: string },
): Promise<AccessAnswer<B>> {
  const { resource: r, decision, viewer, purpose, now } = ctx;
  if (!r || decision.outcome !== "charge") throw new Error("payForResource without a charge decision");
  const { noun } = adapter;
  const refusal = (c: AccessContext<R>) => decisionError(c.decision, { noun, notFound });
  const resourceAt = (price: bigint) => adapter.paidResource(r, price);
  if (credentials.payment.kind === "none") {
    throw await paymentRequired({
      resource: resourceAt(decision.amountAtomic),
      details: `This ${noun} costs ${formatUsdc(decision.amountAtomic)} ${adapter.currency(r)}${decision.tier === "whitelist" ? " (whitelist price)" : ""}: pay one of the accepts options and retry with Payment-Signature, or send a USDC transfer to payTo and retry with x-svc-transfer-tx and x-svc-tx-owner. The 200 carries an unlockProof for re-reads (header x-svc-payment-proof).${viewer.proof === "expired" ? " Your unlock proof has expired: sign in as that wallet to get a fresh one without paying." : ""}`,
    });
  }

  let price = decision.amountAtomic;
  const payer = await claimedPayer({ credentials: credentials.payment, resourceUrl: resourceAt(price).url });
  if (payer) {
    if (viewer.wallet && !isAddressEqual(viewer.wallet, payer.wallet)) {
      throw new ApiError("payer-mismatch", `The payment comes from ${payer.wallet}, but this request is for ${viewer.wallet}; pay from that wallet or drop the wallet, proof or session`);
    }
    const forPayer = await decideFor(adapter, { resource: r, viewer: { wallet: payer.wallet, possessed: false, proof: "none", liveProof: null }, purpose, now });
    const err = refusal(forPayer);
    if (err) throw err;
    if (forPayer.decision.outcome === "charge") price = forPayer.decision.amountAtomic;
    if (forPayer.entitlement === "active" && payer.payload) {
      // Already bought: a valid authorization proves the wallet; nothing is charged, the proof is re-issued.
      try {
        await checkAuthorization({ payload: payer.payload, resource: resourceAt(price) });
      } catch (e) {
        if (e instanceof PaymentRejected) throw await paymentRequired({ resource: resourceAt(price), reason: e.reason, details: e.details });
        throw e;
      }
      const owned = { ...forPayer, viewer: { wallet: payer.wallet, possessed: true, proof: "none" as const, liveProof: null } };
      return grantResource(adapter, { ...owned, decision: { outcome: "grant", via: "entitlement", entitle: null, issueProof: true } });
    }
  }

  const resource = resourceAt(price);
  const outcome = await verifyAndRecordPayment({
    resource,
    credentials: credentials.payment,
    actor: credentials.actor,
    now: credentials.now,
    onRecorded: async (tx, recorded) => {
      const row = await tx.payment.findUniqueOrThrow({ where: { id: recorded.id }, select: { txHash: true, feeAtomic: true } });
      const feeAtomic = row.feeAtomic ?? splitFee(recorded.amount, resource.feeBps).fee;
      await entitle(adapter, tx, r, { wallet: getAddress(recorded.payer), source: "payment", payment: { paymentId: recorded.id, amountAtomic: recorded.amount, feeAtomic, txHash: row.txHash } });
    },
  });
  const paidBy = getAddress(outcome.receipt.payer!);
  const after = await decideFor(adapter, { resource: r, viewer: { wallet: paidBy, possessed: true, proof: "none", liveProof: null }, purpose, now });
  // A repeatable purchase (a pass) is charged again on the next read: the payment itself is the grant.
  if (after.decision.outcome !== "grant" && !(adapter.repeatable && after.decision.outcome === "charge")) {
    // Only a replay lands here: the first purchase's access was revoked or banned since.
    const err = refusal(after);
    if (err && after.decision.outcome !== "charge") throw err;
    throw await paymentRequired({ resource, reason: "payment_already_used", details: `These credentials paid for this ${noun} before and the owner has since revoked that access: sign a new payment to buy again` });
  }
  const rcpt = outcome.receipt;
  return grantResource(adapter, after, {
    wallet: paidBy,
    headers: outcome.headers,
    payment: { amount: rcpt.amount, currency: rcpt.currency, payerWallet: paidBy, txHash: rcpt.txHash, protocolFee: rcpt.protocolFee, paymentId: rcpt.paymentId ?? undefined, paymentProvider: rcpt.paymentProvider, network: rcpt.network },
  });
}
