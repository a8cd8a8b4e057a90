import "server-only";
import type { z } from "zod";
import type { verifyResponseSchema } from "@/lib/schemas/facilitator";
import { checkAuthorization } from "@/lib/x402/check-authorization";
import { checkPaymentState } from "@/lib/x402/check-payment-state";
import { PaymentRejected } from "@/lib/x402/payment-rejected";
import { type FacilitatorSite, knownPage, type PageRead } from "./authenticate-facilitator";
import { checkFacilitatedAudience } from "./check-facilitated-audience";
import { facilitatedPayment, type FacilitatorRequest } from "./facilitated-payment";

/**
 * x402 POST /verify for a creator's server: the checks the hub's own rails make (site and
 * requirements, signature, amount, payTo, window, nonce, balance or Gateway deposit), read-only:
 * nothing is recorded and no money moves. A refusal is `{ isValid: false, invalidReason }`.
 */
export async function verifyFacilitatedPayment({ site, page, request }: { site: FacilitatorSite; page: PageRead; request: FacilitatorRequest }): Promise<z.input<typeof verifyResponseSchema>> {
  const payer = request.paymentPayload.payload.authorization.from;
  try {
    const payment = await facilitatedPayment({ site, request });
    const known = await knownPage(page, payment.key);
    checkFacilitatedAudience({ known, amount: payment.content.price });
    // Not yet tracked: no payment can exist for it, so any id that matches none will do.
    const resource = payment.resource(known?.id ?? `unrecorded:${payment.content.externalId}`);
    const checked = await checkAuthorization({ payload: payment.payload, resource, options: payment.options });
    await checkPaymentState({ checked, resource });
    return { isValid: true, payer: checked.authorization.from };
  } catch (err) {
    if (err instanceof PaymentRejected) return { isValid: false, invalidReason: err.reason, invalidMessage: err.details, payer };
    throw err;
  }
}
