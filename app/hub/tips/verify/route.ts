import { route } from "@/lib/http/route";
import { tipVerifyOp } from "@/lib/openapi/paths-tips";
import { verifyTip } from "@/lib/tips/verify-tip";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// POST /hub/tips/verify — verify a tip's payment (gateway or transfer rail) and record it as settled
export const POST = route(tipVerifyOp, ({ body, req }) => {
  const { paymentSignature, txHash, txOwner, ...tip } = body;
  const { payment } = parseCredentials(req.headers, { signature: paymentSignature, transferTx: txHash, txOwner });
  return verifyTip({ ...tip, recipient: tip.recipient, credentials: payment });
});
