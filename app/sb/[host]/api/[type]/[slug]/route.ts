import { z } from "zod";
import { accessPost } from "@/lib/blog/access-post";
import { blogContext } from "@/lib/blog/blog-context";
import { route } from "@/lib/http/route";
import { shortAccessParams, walletOptionalQuery } from "@/lib/schemas/blog";

// GET /api/<type>/<slug> (blog origin) — short mirror of the access route
export const GET = route({ params: shortAccessParams.extend({ host: z.string() }), query: walletOptionalQuery }, async ({ req, params, query }) => {
  const blog = await blogContext(req, params.host);
  return accessPost({ blog, req, path: `/${params.type}/${params.slug}`, claim: query.wallet ?? null });
});
