import { blogAdmin } from "@/lib/blog/blog-scope";
import { changePostEntitlement } from "@/lib/blog/post-admin-actions";
import { route } from "@/lib/http/route";
import { banPostWalletOp } from "@/lib/openapi/paths-blog";

// POST /api/svc/posts/<key>/entitlements/<wallet>/ban (blog origin) — ban a wallet (hard deny, no re-purchase); admin only
export const POST = route({ ...banPostWalletOp, auth: blogAdmin }, async ({ params, blog }) => {
  return changePostEntitlement({ blog, key: params.key, wallet: params.wallet, action: "ban" });
});
