import { route } from "@/lib/http/route";
import { tipChallengeOp } from "@/lib/openapi/paths-tips";
import { tipChallenge } from "@/lib/tips/tip-challenge";

// POST /hub/tips/challenge — the x402 challenge of a tip to a resolved creator (payee, feeBps, protocolFee)
export const POST = route(tipChallengeOp, ({ body }) => tipChallenge({ ...body, recipient: body.recipient }));
