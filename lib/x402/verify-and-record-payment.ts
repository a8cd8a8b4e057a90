import "server-only";
import { decodePaymentSignatureHeader } from "@x402/core/http";
import { describeZodError } from "@/lib/http/errors";
import { moneyEvent } from "@/lib/log/money-event";
import { paymentPayloadSchema } from "@/lib/schemas/x402";
import { acceptGatewayPayment } from "./accept-gateway-payment";
import { acceptTransferPayment } from "./accept-transfer-payment";
import { checkAuthorization } from "./check-authorization";
import { HEADERS } from "./constants";
import { PaymentRejected } from "./payment-rejected";
import { paymentRequired } from "./payment-required";
import { settleEip3009Payment } from "./settle-eip3009-payment";
import type { OnRecorded, PaidResource, PaymentOutcome } from "./types";

export type VerifyPaymentOptions = {
  resource: PaidResource;
  /** The request's headers: Payment-Signature (or Payment / X-PAYMENT), or x-svc-transfer-tx + x-svc-tx-owner. */
  headers: Headers;
  /** Ledger actor ("agent", "human", or a wallet). */
  actor?: string | null;
  /** Extra writes in the transaction that records a new payment (never run on a replay). */
  onRecorded?: OnRecorded;
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
export async function verifyAndRecordPayment({ resource, headers, actor, onRecorded }: VerifyPaymentOptions): Promise<PaymentOutcome> {
  const signature = HEADERS.signature.map((name) => headers.get(name)).find((v) => v);
  const transferTx = headers.get(HEADERS.transferTx);
  const txOwner = headers.get(HEADERS.txOwner);
  if (!signature && !transferTx && !txOwner) {
    throw await paymentRequired({
      resource,
      details: "This resource costs USDC: pay one of the `accepts` options and retry with the Payment-Signature header, or send a USDC transfer to payTo and retry with x-svc-transfer-tx and x-svc-tx-owner",
    });
  }
  try {
    if (signature && (transferTx || txOwner)) {
      throw new PaymentRejected("malformed_payment", "Send either Payment-Signature or the transfer headers, not both");
    }
    if (!signature) {
      if (!transferTx || !txOwner) throw new PaymentRejected("malformed_payment", "The transfer rail needs both x-svc-transfer-tx and x-svc-tx-owner");
      return logged(await acceptTransferPayment({ resource, txHash: transferTx.trim(), ownerSignature: txOwner.trim(), actor, onRecorded }), resource);
    }
    const checked = await checkAuthorization({ payload: decodePayload(signature), resource });
    if (checked.rail === "gateway") return logged(await acceptGatewayPayment({ resource, checked, actor, onRecorded }), resource);
    return logged(await settleEip3009Payment({ resource, checked, actor, onRecorded }), resource);
  } catch (err) {
    if (err instanceof PaymentRejected) throw await paymentRequired({ resource, reason: err.reason, details: err.details });
    throw err;
  }
}

/** The one log line (and metric) of a newly recorded payment; a replay wrote nothing and logs nothing. */
function logged(outcome: PaymentOutcome, resource: PaidResource): PaymentOutcome {
  const r = outcome.receipt;
  if (!outcome.replayed) moneyEvent({ event: "payment.recorded", rail: r.rail, status: r.status, paymentId: r.paymentId ?? "", payer: r.payer ?? "", amount: resource.price, resource: `${resource.kind}:${resource.id}` });
  return outcome;
}

function decodePayload(header: string) {
  let decoded: unknown;
  try {
    decoded = decodePaymentSignatureHeader(header.trim());
  } catch {
    throw new PaymentRejected("malformed_payment", "Payment-Signature is not base64 of a JSON x402 payment payload");
  }
  const parsed = paymentPayloadSchema.safeParse(decoded);
  if (!parsed.success) throw new PaymentRejected("malformed_payment", `Payment-Signature payload: ${describeZodError(parsed.error)}`);
  return parsed.data;
}
