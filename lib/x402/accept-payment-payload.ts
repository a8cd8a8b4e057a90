import "server-only";
import type { PaymentRequirements } from "@x402/core/types";
import { acceptGatewayPayment } from "./accept-gateway-payment";
import { checkAuthorization, type CheckedAuthorization } from "./check-authorization";
import { claimPaymentIdentifier, notePaymentIdentifier } from "./extensions/payment-identifier";
import { finishPayment } from "./finish-payment";
import type { GatewayPayerState } from "./gateway-index/gateway-payer-state";
import type { PaymentPayload } from "./payment-credentials";
import { PaymentRejected } from "./payment-rejected";
import { ReadAgain } from "./read-again";
import type { StoredPayment } from "./replay-payment";
import { settleEip3009Payment } from "./settle-eip3009-payment";
import type { OnRecorded, PaidResource, PaymentOutcome, PrepareResource } from "./types";

/**
 * A Payment-Signature payload, from check to recorded payment: checkAuthorization, the payment
 * identifier claimed once the payment checks out and before the chain is touched, then the rail
 * (gateway: locked against the deposit for the batch settler; eip3009: settled by the relayer), then
 * the log line and signed receipt. Throws PaymentRejected with a reason for a payment that does not
 * verify; callers shape it (a 402 on the hub's own routes, an x402 facilitator answer).
 * `options` are the requirements `accepted` must equal (default: the hub's challenge for `resource`).
 *
 * A caller that has already run the verify checks (the facilitator's settle) passes what they
 * produced instead of having them run twice: `checked` (checkAuthorization of this payload for this
 * resource's price and options) and `payerState` (what checkPaymentState read of a Gateway payer; the
 * rail still checks the deposit again under the payer's lock). `prepare` runs inside the payment's
 * own transaction before its Payment row (see PrepareResource): a refusal writes nothing.
 */
export async function acceptPaymentPayload({
  resource,
  payload,
  options,
  actor,
  onRecorded,
  fault,
  checked: preChecked,
  payerState,
  prepare,
  existingRule,
}: {
  resource: PaidResource;
  payload: PaymentPayload;
  options?: PaymentRequirements[];
  actor?: string | null;
  onRecorded?: OnRecorded;
  fault?: string;
  checked?: CheckedAuthorization;
  payerState?: GatewayPayerState;
  prepare?: PrepareResource;
  /** A Gateway payment only: judges a payment already held for the nonce before it is replayed (the facilitator's existingPaymentRule). */
  existingRule?: (existing: StoredPayment, resource: PaidResource) => void;
}): Promise<PaymentOutcome> {
  const checked = preChecked ?? (await checkAuthorization({ payload, resource, options }).catch(againstKeptCopy));
  // Only a Gateway sale checks a kept row in its block; a plain authorization is settled on chain before its sale.
  if (resource.keptCheck && checked.rail !== "gateway") throw new ReadAgain("a plain EIP-3009 authorization is settled before its sale");
  const identifier = await claimPaymentIdentifier(payload, resource);
  // The resource the payment is recorded for: the one prepared inside its transaction, when there is one.
  let recorded = resource;
  const prepared: PrepareResource | undefined = prepare && (async (tx) => (recorded = await prepare(tx)));
  const outcome =
    checked.rail === "gateway"
      ? await acceptGatewayPayment({ resource, checked, actor, onRecorded, state: payerState, prepare: prepared, existingRule })
      : await settleEip3009Payment({ resource, checked, actor, onRecorded, fault, prepare: prepared });
  if (identifier) await notePaymentIdentifier(identifier, outcome.receipt.paymentId);
  return finishPayment(outcome, recorded);

  /** A payment checked against a kept copy's price and payee: a refusal is decided again from a fresh read. */
  function againstKeptCopy(err: unknown): never {
    if (resource.keptCheck && err instanceof PaymentRejected) throw new ReadAgain(`the payment does not verify against it (${err.reason})`);
    throw err;
  }
}
