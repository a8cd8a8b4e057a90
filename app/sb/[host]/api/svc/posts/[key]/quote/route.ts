import { z } from "zod";
import { blogContext } from "@/lib/blog/blog-context";
import { quotePost } from "@/lib/blog/quote-post";
import { route } from "@/lib/http/route";
import { postKeyParams, walletOptionalQuery } from "@/lib/schemas/blog";

// GET /api/svc/posts/<key>/quote (blog origin) — price and access decision for this viewer, without charging
export const GET = route({ params: postKeyParams.extend({ host: z.string() }), query: walletOptionalQuery }, async ({ req, params, query }) => {
  const blog = await blogContext(req, params.host);
  return quotePost({ blog, key: params.key, claim: query.wallet ?? null, proof: req.headers.get("x-svc-payment-proof") });
});
