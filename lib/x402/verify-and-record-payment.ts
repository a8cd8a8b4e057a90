import "server-only";
import { acceptPaymentPayload } from "./accept-payment-payload";
import { acceptTransferPayment } from "./accept-transfer-payment";
import { finishPayment } from "./finish-payment";
import type { PaymentCredentials } from "./payment-credentials";
import { PaymentRejected } from "./payment-rejected";
import { ReadAgain } from "./read-again";
import { paymentRequired } from "./payment-required";
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
      if (resource.keptCheck) throw new ReadAgain("a transfer is on chain before its sale");
      return finishPayment(await acceptTransferPayment({ resource, txHash: credentials.txHash, ownerSignature: credentials.owner, actor, onRecorded, now }), resource);
    }
    return await acceptPaymentPayload({ resource, payload: credentials.payload, actor, onRecorded, fault });
  } catch (err) {
    if (err instanceof PaymentRejected) throw await paymentRequired({ resource, reason: err.reason, details: err.details });
    throw err;
  }
}

