import { route } from "@/lib/http/route";
import { judgeDecide } from "@/lib/judge/judge-decide";
import { decideBody } from "@/lib/schemas/judge";

// POST /hub/judge/decide — choose one of 2..12 candidates for a situation, with probabilities
export const POST = route({ body: decideBody }, ({ body, clientIp }) => judgeDecide({ input: body, client: clientIp }));
