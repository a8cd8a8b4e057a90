import { issueNonce } from "@/lib/auth/issue-nonce";
import { blogSite } from "@/lib/blog/blog-scope";
import { route } from "@/lib/http/route";
import { nonceQuery } from "@/lib/schemas/auth";

// GET /api/auth/nonce (blog origin) — a single-use sign-in nonce with the blog's own SIWE terms
export const GET = route({ auth: blogSite, query: nonceQuery }, async ({ query, blog }) => {
  return issueNonce({ wallet: query.address, origin: blog.origin });
});
