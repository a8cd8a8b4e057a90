import { route } from "@/lib/http/route";
import { tipHoldOp } from "@/lib/openapi/paths-tips";
import { holdTip } from "@/lib/tips/hold-tip";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// POST /hub/tips/hold — the domain's holding box (no payment yet), or record a verified payment into it as a held tip
export const POST = route(tipHoldOp, ({ body, req }) => {
  const { paymentSignature, ...hold } = body;
  const { payment } = parseCredentials(req.headers, { signature: paymentSignature });
  return holdTip({ ...hold, txHash: hold.txHash, walletAddress: hold.walletAddress, payment });
});
