import { z } from "zod";
import { accessPost } from "@/lib/blog/access-post";
import { blogContext } from "@/lib/blog/blog-context";
import { route } from "@/lib/http/route";
import { accessQuery } from "@/lib/schemas/blog";

// GET /api/svc/access?path=/<type>/<slug> (blog origin) — x402 access: decrypted content and media metadata, or 402/403/404
export const GET = route({ params: z.object({ host: z.string() }), query: accessQuery }, async ({ req, params, query }) => {
  const blog = await blogContext(req, params.host);
  return accessPost({ blog, req, path: query.path, claim: query.wallet ?? null });
});
