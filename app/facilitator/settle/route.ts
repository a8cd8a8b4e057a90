import { facilitatorErrorBody } from "@/lib/facilitator/facilitator-error-body";
import { requireBearer } from "@/lib/facilitator/require-bearer";
import { settleFacilitatorCall } from "@/lib/facilitator/settle-facilitator-call";
import { route } from "@/lib/http/route";
import { facilitatorSettleOp } from "@/lib/openapi/paths-facilitator";

// POST /facilitator/settle — x402 settle for a creator's server: recorded as a hub sale, settled by the relayer or locked for the Gateway batch
export const POST = route({ ...facilitatorSettleOp, writes: "counts", guard: requireBearer, errorBody: facilitatorErrorBody("settle") }, async ({ req, body }) =>
  settleFacilitatorCall({ authorization: req.headers.get("authorization"), request: body, fault: req.headers.get("x-hub-test-fault") }),
);
