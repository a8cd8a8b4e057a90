import { issueNonce } from "@/lib/auth/issue-nonce";
import { blogSite } from "@/lib/blog/blog-scope";
import { route } from "@/lib/http/route";
import { blogNonceOp } from "@/lib/openapi/paths-blog";

// GET /api/auth/nonce (blog origin) — a single-use sign-in nonce with the blog's own SIWE terms
export const GET = route({ ...blogNonceOp, auth: blogSite }, async ({ query, blog }) => {
  return issueNonce({ wallet: query.address, origin: blog.origin });
});
