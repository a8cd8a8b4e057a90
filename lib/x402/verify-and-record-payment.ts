import "server-only";
import { moneyEvent } from "@/lib/log/money-event";
import { acceptGatewayPayment } from "./accept-gateway-payment";
import { acceptTransferPayment } from "./accept-transfer-payment";
import { checkAuthorization } from "./check-authorization";
import { withSignedReceipt } from "./extensions/offer-receipt";
import { claimPaymentIdentifier, notePaymentIdentifier } from "./extensions/payment-identifier";
import type { PaymentCredentials } from "./payment-credentials";
import { PaymentRejected } from "./payment-rejected";
import { paymentRequired } from "./payment-required";
import { settleEip3009Payment } from "./settle-eip3009-payment";
import type { OnRecorded, PaidResource, PaymentOutcome } from "./types";

export type VerifyPaymentOptions = {
  resource: PaidResource;
  /** The request's x402 credentials, parsed once at the edge (lib/x402/parse-credentials.ts). */
  credentials: PaymentCredentials;
  /** Ledger actor ("agent", "human", or a wallet). */
  actor?: string | null;
  /** Extra writes in the transaction that records a new payment (never run on a replay). */
  onRecorded?: OnRecorded;
  /** The request's clock (lib/http/request-clock): a transfer mined longer than maxTimeoutSeconds before it is refused. */
  now?: Date;
  /** HUB_TEST_FAULTS only (tests on a loopback testnet): a fault to inject, read at the edge by parseCredentials. */
  fault?: string;
};

/**
 * The one call a paid route makes. Without credentials it throws the 402 (PAYMENT-REQUIRED header and
 * body with the challenge for `resource`); with credentials it verifies them on whichever rail they
 * use, records the payment once (receipt, counters, metrics, ledger row, your `onRecorded` writes)
 * and returns the receipt plus the PAYMENT-RESPONSE header. Credentials that do not verify throw a
 * 402 with a fresh challenge and a `reason`; credentials spent on another resource 409; the chain not
 * answering 503 (nothing recorded). A replay of recorded credentials returns the first receipt with
 * `replayed: true` and writes nothing.
 *
 * Rails: gateway (GatewayWalletBatched authorization, locked now, settled by the batch settler),
 * eip3009 (plain USDC authorization, settled by the relayer before this returns), transfer (a mined
 * USDC transfer proven by the sender's signature).
 */
export async function verifyAndRecordPayment({ resource, credentials, actor, onRecorded, now, fault }: VerifyPaymentOptions): Promise<PaymentOutcome> {
  if (credentials.kind === "none") {
    throw await paymentRequired({
      resource,
      details: "This resource costs USDC: pay one of the `accepts` options and retry with the Payment-Signature header, or send a USDC transfer to payTo and retry with x-svc-transfer-tx and x-svc-tx-owner",
    });
  }
  try {
    if (credentials.kind === "malformed") throw new PaymentRejected("malformed_payment", credentials.details);
    if (credentials.kind === "transfer") {
      return finished(await acceptTransferPayment({ resource, txHash: credentials.txHash, ownerSignature: credentials.owner, actor, onRecorded, now }), resource);
    }
    const checked = await checkAuthorization({ payload: credentials.payload, resource });
    // A payment identifier is claimed once the payment itself checks out and before the chain is touched:
    // reused for another payment, it is refused here.
    const identifier = await claimPaymentIdentifier(credentials.payload, resource);
    const outcome =
      checked.rail === "gateway"
        ? await acceptGatewayPayment({ resource, checked, actor, onRecorded })
        : await settleEip3009Payment({ resource, checked, actor, onRecorded, fault });
    if (identifier) await notePaymentIdentifier(identifier, outcome.receipt.paymentId);
    return finished(outcome, resource);
  } catch (err) {
    if (err instanceof PaymentRejected) throw await paymentRequired({ resource, reason: err.reason, details: err.details });
    throw err;
  }
}

/**
 * Every paid answer, first or replayed: the one log line of a newly recorded payment (a replay
 * wrote nothing and logs nothing), and the signed receipt in PAYMENT-RESPONSE (offer-receipt).
 */
async function finished(outcome: PaymentOutcome, resource: PaidResource): Promise<PaymentOutcome> {
  logged(outcome, resource);
  return withSignedReceipt(outcome, resource, outcome.recordedAt);
}

/** The one log line (and metric) of a newly recorded payment; a replay wrote nothing and logs nothing. */
function logged(outcome: PaymentOutcome, resource: PaidResource): PaymentOutcome {
  const r = outcome.receipt;
  if (!outcome.replayed) moneyEvent({ event: "payment.recorded", rail: r.rail, status: r.status, paymentId: r.paymentId ?? "", payer: r.payer ?? "", amount: resource.price, resource: `${resource.kind}:${resource.id}` });
  return outcome;
}

