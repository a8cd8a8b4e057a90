import { issueNonce } from "@/lib/auth/issue-nonce";
import { route } from "@/lib/http/route";
import { nonceQuery } from "@/lib/schemas/auth";

// GET /auth/nonce — a single-use sign-in nonce and the terms the EIP-4361 message must name
export const GET = route({ query: nonceQuery }, ({ query }) => issueNonce({ wallet: query.address }));
