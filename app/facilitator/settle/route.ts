import { authenticateFacilitator } from "@/lib/facilitator/authenticate-facilitator";
import { facilitatorPageId } from "@/lib/facilitator/facilitated-payment";
import { facilitatorErrorBody } from "@/lib/facilitator/facilitator-error-body";
import { requireBearer } from "@/lib/facilitator/require-bearer";
import { settleFacilitatedPayment } from "@/lib/facilitator/settle-facilitated-payment";
import { route } from "@/lib/http/route";
import { facilitatorSettleOp } from "@/lib/openapi/paths-facilitator";

// POST /facilitator/settle — x402 settle for a creator's server: recorded as a hub sale, settled by the relayer or locked for the Gateway batch
export const POST = route({ ...facilitatorSettleOp, writes: "counts", guard: requireBearer, errorBody: facilitatorErrorBody("settle") }, async ({ req, body }) => {
  const { site, page } = await authenticateFacilitator({ authorization: req.headers.get("authorization"), page: facilitatorPageId(body) });
  return settleFacilitatedPayment({ site, page, request: body, fault: req.headers.get("x-hub-test-fault") });
});
