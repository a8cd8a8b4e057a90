import { supportedKinds } from "@/lib/facilitator/supported-kinds";
import { route } from "@/lib/http/route";
import { supportedOp } from "@/lib/openapi/paths-facilitator";

// GET /facilitator/supported — x402 supported kinds: exact on the hub's network, plain EIP-3009 and GatewayWalletBatched
export const GET = route({ ...supportedOp, cache: true }, async () => supportedKinds());
