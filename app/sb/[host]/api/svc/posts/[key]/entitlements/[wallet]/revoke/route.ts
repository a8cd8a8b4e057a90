import { z } from "zod";
import { blogContext, requireAdmin } from "@/lib/blog/blog-context";
import { changePostEntitlement } from "@/lib/blog/post-admin-actions";
import { route } from "@/lib/http/route";
import { postWalletParams } from "@/lib/schemas/blog";

// POST /api/svc/posts/<key>/entitlements/<wallet>/revoke (blog origin) — revoke a wallet's access (it may buy again); admin only
export const POST = route({ params: postWalletParams.extend({ host: z.string() }) }, async ({ req, params }) => {
  const blog = await blogContext(req, params.host);
  requireAdmin(blog, req);
  return changePostEntitlement({ blog, key: params.key, wallet: params.wallet, action: "revoke" });
});
