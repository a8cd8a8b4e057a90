import { route } from "@/lib/http/route";
import { tipClaimOp } from "@/lib/openapi/paths-tips";
import { claimHeld } from "@/lib/tips/claim-held";

// POST /hub/tips/claim — release a domain's held tips to its verified owner (5% to the treasury)
export const POST = route({ ...tipClaimOp, auth: "optional" }, ({ body, session }) =>
  claimHeld({
    ...body,
    sessionWallet: session?.wallet ?? null,
    creatorWallet: body.creatorWallet,
    claimToken: body.claimToken && { message: body.claimToken.message, signature: body.claimToken.signature },
  }),
);
