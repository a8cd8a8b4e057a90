import { route } from "@/lib/http/route";
import { decideOp } from "@/lib/openapi/paths-judge";
import { judgeDecide } from "@/lib/judge/judge-decide";

// POST /hub/judge/decide — choose one of 2..12 candidates for a situation, with probabilities
export const POST = route(decideOp, ({ body, clientIp }) => judgeDecide({ input: body, client: clientIp }));
