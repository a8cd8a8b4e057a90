import { authenticateFacilitator } from "@/lib/facilitator/authenticate-facilitator";
import { facilitatorPageId } from "@/lib/facilitator/facilitated-payment";
import { facilitatorErrorBody } from "@/lib/facilitator/facilitator-error-body";
import { requireBearer } from "@/lib/facilitator/require-bearer";
import { verifyFacilitatedPayment } from "@/lib/facilitator/verify-facilitated-payment";
import { route } from "@/lib/http/route";
import { facilitatorVerifyOp } from "@/lib/openapi/paths-facilitator";

// POST /facilitator/verify — x402 verify for a creator's server (its facilitator key as Bearer); never moves money
export const POST = route({ ...facilitatorVerifyOp, guard: requireBearer, errorBody: facilitatorErrorBody("verify") }, async ({ req, body }) => {
  const { site, page } = await authenticateFacilitator({ authorization: req.headers.get("authorization"), page: facilitatorPageId(body) });
  return verifyFacilitatedPayment({ site, page, request: body });
});
