import { route } from "@/lib/http/route";
import { gatewayBalanceOp } from "@/lib/openapi/paths-quickshare";
import { ApiError } from "@/lib/http/errors";
import { gatewayBalance } from "@/lib/access/gateway-balance";

// POST /quickshare/gateway/balance — a depositor's USDC in the Gateway Wallet, read on chain
export const POST = route({ ...gatewayBalanceOp, auth: "optional" }, ({ body, session }) => {
  const wallet = body.walletAddress ?? session?.wallet;
  if (!wallet) throw new ApiError("invalid-request", "walletAddress: required without a session");
  return gatewayBalance({ wallet });
});
