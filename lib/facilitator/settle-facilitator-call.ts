import "server-only";
import type { z } from "zod";
import type { settleResponseSchema } from "@/lib/schemas/facilitator";
import { isGatewayOption } from "@/lib/x402/payment-credentials";
import { ReadAgain } from "@/lib/x402/read-again";
import { admitFacilitatorCall, identifyFacilitatorCall } from "./authenticate-facilitator";
import { facilitatorPageId, type FacilitatorRequest } from "./facilitated-payment";
import { settleFacilitatedPayment } from "./settle-facilitated-payment";

/**
 * POST /facilitator/settle: the call's key, site and page, then the settle. A Gateway settle (its
 * authorization locked by the sale, nothing done on chain before it) may be decided from this process's
 * kept copy of them (lib/facilitator/kept-facilitator-calls.ts), which its sale checks in its own block:
 * on PostgreSQL one round trip for a known page. When the copy cannot decide the call (the sale found it
 * changed, or it would refuse the call or the payment: `ReadAgain`), nothing was written, and the call is
 * decided again from a fresh read, which is kept in its place. The call counts once against the site's
 * rate limit either way. Other failures (the chain not answering, say) are the call's, and are not tried twice.
 */
export async function settleFacilitatorCall({ authorization, request, fault }: { authorization: string | null; request: FacilitatorRequest; fault?: string | null }): Promise<z.input<typeof settleResponseSchema>> {
  const page = facilitatorPageId(request);
  const kept = isGatewayOption(request.paymentRequirements) ? "use" : undefined;
  let call;
  try {
    call = await identifyFacilitatorCall({ authorization, page, kept });
  } catch (err) {
    if (!(err instanceof ReadAgain)) throw err;
    call = await identifyFacilitatorCall({ authorization, page, kept: "renew" });
  }
  await admitFacilitatorCall(call);
  try {
    return await settleFacilitatedPayment({ ...call, request, fault });
  } catch (err) {
    if (!(err instanceof ReadAgain) || !call.keptCheck) throw err;
    const fresh = await identifyFacilitatorCall({ authorization, page, kept: "renew" });
    return await settleFacilitatedPayment({ ...fresh, request, fault });
  }
}
