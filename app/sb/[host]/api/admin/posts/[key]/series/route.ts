import { z } from "zod";
import { blogContext, requireAdmin } from "@/lib/blog/blog-context";
import { postSeries } from "@/lib/blog/post-series";
import { route } from "@/lib/http/route";
import { postKeyParams } from "@/lib/schemas/blog";
import { seriesQuery, seriesResponse } from "@/lib/schemas/creator-numbers";

// GET /api/admin/posts/<key>/series (blog origin) — the post's daily views, unlocks and revenue over ?from=&to=; admin only
export const GET = route({ params: postKeyParams.extend({ host: z.string() }), query: seriesQuery }, async ({ req, params, query }) => {
  const blog = await blogContext(req, params.host);
  requireAdmin(blog, req);
  return seriesResponse.parse(await postSeries({ blog, key: params.key, ...query }));
});
