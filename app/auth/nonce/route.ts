import { issueNonce } from "@/lib/auth/issue-nonce";
import { route } from "@/lib/http/route";
import { nonceOp } from "@/lib/openapi/paths-auth";

// GET /auth/nonce — a single-use sign-in nonce and the terms the EIP-4361 message must name
export const GET = route(nonceOp, ({ query }) => issueNonce({ wallet: query.address }));
