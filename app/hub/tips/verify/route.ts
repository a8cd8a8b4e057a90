import type { Address, Hex } from "viem";
import { route } from "@/lib/http/route";
import { tipVerifyBody } from "@/lib/schemas/tips";
import { verifyTip } from "@/lib/tips/verify-tip";

// POST /hub/tips/verify — verify a tip's payment (gateway or transfer rail) and record it as settled
export const POST = route({ body: tipVerifyBody }, ({ body, req }) =>
  verifyTip({
    ...body,
    recipient: body.recipient as Address | undefined,
    txHash: body.txHash as Hex | undefined,
    txOwner: body.txOwner as Hex | undefined,
    headers: req.headers,
  }),
);
