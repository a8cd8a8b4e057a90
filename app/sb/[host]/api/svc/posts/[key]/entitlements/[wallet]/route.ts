import { blogAdmin } from "@/lib/blog/blog-scope";
import { changePostEntitlement } from "@/lib/blog/post-admin-actions";
import { route } from "@/lib/http/route";
import { restorePostWalletOp } from "@/lib/openapi/paths-blog";

// DELETE /api/svc/posts/<key>/entitlements/<wallet> (blog origin) — restore a revoked or banned wallet; admin only
export const DELETE = route({ ...restorePostWalletOp, auth: blogAdmin }, async ({ params, blog }) => {
  return changePostEntitlement({ blog, key: params.key, wallet: params.wallet, action: "restore" });
});
