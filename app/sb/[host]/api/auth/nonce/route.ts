import { z } from "zod";
import { issueNonce } from "@/lib/auth/issue-nonce";
import { blogContext } from "@/lib/blog/blog-context";
import { route } from "@/lib/http/route";
import { nonceQuery } from "@/lib/schemas/auth";

// GET /api/auth/nonce (blog origin) — a single-use sign-in nonce with the blog's own SIWE terms
export const GET = route({ params: z.object({ host: z.string() }), query: nonceQuery }, async ({ req, params, query }) => {
  const blog = await blogContext(req, params.host);
  return issueNonce({ wallet: query.address, origin: blog.origin });
});
