import { blogAdmin } from "@/lib/blog/blog-scope";
import { changePostEntitlement } from "@/lib/blog/post-admin-actions";
import { route } from "@/lib/http/route";
import { revokePostWalletOp } from "@/lib/openapi/paths-blog";

// POST /api/svc/posts/<key>/entitlements/<wallet>/revoke (blog origin) — revoke a wallet's access (it may buy again); admin only
export const POST = route({ ...revokePostWalletOp, auth: blogAdmin }, async ({ params, blog }) => {
  return changePostEntitlement({ blog, key: params.key, wallet: params.wallet, action: "revoke" });
});
