import type { Address, Hex } from "viem";
import { route } from "@/lib/http/route";
import { holdBody } from "@/lib/schemas/tips";
import { holdTip } from "@/lib/tips/hold-tip";

// POST /hub/tips/hold — the domain's holding box (no payment yet), or record a verified payment into it as a held tip
export const POST = route({ body: holdBody }, ({ body, req }) =>
  holdTip({ ...body, txHash: body.txHash as Hex | undefined, walletAddress: body.walletAddress as Address | undefined, headers: req.headers }),
);
