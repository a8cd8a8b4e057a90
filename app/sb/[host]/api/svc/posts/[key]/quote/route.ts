import { audienceOf } from "@/lib/access/audience-of";
import { blogReader } from "@/lib/blog/blog-scope";
import { quotePost } from "@/lib/blog/quote-post";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { postQuoteOp } from "@/lib/openapi/paths-blog";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// GET /api/svc/posts/<key>/quote (blog origin) — price and access decision for this viewer, without charging
export const GET = route({ ...postQuoteOp, auth: blogReader }, async ({ req, params, query, blog }) => {
  const credentials = parseCredentials(req.headers);
  return quotePost({ blog, key: params.key, claim: query.wallet ?? null, proof: credentials.proof, now: requestNow(req), audience: audienceOf({ actor: credentials.actor }) });
});
