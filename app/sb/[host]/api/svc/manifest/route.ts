import { z } from "zod";
import { blogContext } from "@/lib/blog/blog-context";
import { postManifest } from "@/lib/blog/post-manifest";
import { route } from "@/lib/http/route";
import { manifestQuery } from "@/lib/schemas/blog";

// GET /api/svc/manifest?path=/<type>/<slug> (blog origin) — the per-post manifest (kind subblog)
export const GET = route({ params: z.object({ host: z.string() }), query: manifestQuery }, async ({ req, params, query }) => {
  const blog = await blogContext(req, params.host);
  return postManifest({ blog, path: query.path });
});
