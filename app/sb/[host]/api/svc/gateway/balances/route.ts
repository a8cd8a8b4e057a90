import { z } from "zod";
import { blogContext, requireAdmin } from "@/lib/blog/blog-context";
import { blogGatewayBalances } from "@/lib/blog/post-admin-actions";
import { route } from "@/lib/http/route";
import { walletOptionalQuery } from "@/lib/schemas/blog";

// GET /api/svc/gateway/balances (blog origin) — a depositor's USDC in the Gateway Wallet (default the admin's); admin only
export const GET = route({ params: z.object({ host: z.string() }), query: walletOptionalQuery }, async ({ req, params, query }) => {
  const blog = await blogContext(req, params.host);
  const session = requireAdmin(blog, req);
  return blogGatewayBalances({ wallet: query.wallet ?? session.wallet });
});
