import type { Address } from "viem";
import { route } from "@/lib/http/route";
import { tipChallengeBody } from "@/lib/schemas/tips";
import { tipChallenge } from "@/lib/tips/tip-challenge";

// POST /hub/tips/challenge — the x402 challenge of a tip to a resolved creator (payee, feeBps, protocolFee)
export const POST = route({ body: tipChallengeBody }, ({ body }) => tipChallenge({ ...body, recipient: body.recipient as Address | undefined }));
