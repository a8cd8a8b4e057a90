import "server-only";
import type { PaymentRequirements } from "@x402/core/types";
import { acceptGatewayPayment } from "./accept-gateway-payment";
import { checkAuthorization } from "./check-authorization";
import { claimPaymentIdentifier, notePaymentIdentifier } from "./extensions/payment-identifier";
import { finishPayment } from "./finish-payment";
import type { PaymentPayload } from "./payment-credentials";
import { settleEip3009Payment } from "./settle-eip3009-payment";
import type { OnRecorded, PaidResource, PaymentOutcome } from "./types";

/**
 * A Payment-Signature payload, from check to recorded payment: checkAuthorization, the payment
 * identifier claimed once the payment checks out and before the chain is touched, then the rail
 * (gateway: locked against the deposit for the batch settler; eip3009: settled by the relayer), then
 * the log line and signed receipt. Throws PaymentRejected with a reason for a payment that does not
 * verify; callers shape it (a 402 on the hub's own routes, an x402 facilitator answer).
 * `options` are the requirements `accepted` must equal (default: the hub's challenge for `resource`).
 */
export async function acceptPaymentPayload({
  resource,
  payload,
  options,
  actor,
  onRecorded,
  fault,
}: {
  resource: PaidResource;
  payload: PaymentPayload;
  options?: PaymentRequirements[];
  actor?: string | null;
  onRecorded?: OnRecorded;
  fault?: string;
}): Promise<PaymentOutcome> {
  const checked = await checkAuthorization({ payload, resource, options });
  const identifier = await claimPaymentIdentifier(payload, resource);
  const outcome =
    checked.rail === "gateway"
      ? await acceptGatewayPayment({ resource, checked, actor, onRecorded })
      : await settleEip3009Payment({ resource, checked, actor, onRecorded, fault });
  if (identifier) await notePaymentIdentifier(identifier, outcome.receipt.paymentId);
  return finishPayment(outcome, resource);
}
