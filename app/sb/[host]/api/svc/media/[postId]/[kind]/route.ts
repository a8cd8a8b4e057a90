import { z } from "zod";
import { blogContext } from "@/lib/blog/blog-context";
import { servePostMedia } from "@/lib/blog/serve-post-media";
import { route } from "@/lib/http/route";
import { blogMediaParams, blogMediaQuery } from "@/lib/schemas/blog";

// GET /api/svc/media/<postId>/<kind>?index=N (blog origin) — one decrypted media file; paid posts need the unlock proof
export const GET = route({ params: blogMediaParams.extend({ host: z.string() }), query: blogMediaQuery }, async ({ req, params, query }) => {
  const blog = await blogContext(req, params.host);
  return servePostMedia({
    blog, postId: params.postId, kind: params.kind, index: query.index,
    proof: req.headers.get("x-svc-payment-proof") ?? query.proof ?? null, claim: query.wallet ?? null,
    download: query.download === "1" || query.download === "true", range: req.headers.get("range"),
  });
});
