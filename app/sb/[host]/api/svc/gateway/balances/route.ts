import { blogAdmin } from "@/lib/blog/blog-scope";
import { blogGatewayBalances } from "@/lib/blog/post-admin-actions";
import { route } from "@/lib/http/route";
import { blogGatewayBalancesOp } from "@/lib/openapi/paths-blog";

// GET /api/svc/gateway/balances (blog origin) — a depositor's USDC in the Gateway Wallet (default the admin's); admin only
export const GET = route({ ...blogGatewayBalancesOp, auth: blogAdmin }, async ({ query, session }) => {
  return blogGatewayBalances({ wallet: query.wallet ?? session.wallet });
});
