import { blogAdmin } from "@/lib/blog/blog-scope";
import { postSeries } from "@/lib/blog/post-series";
import { route } from "@/lib/http/route";
import { postSeriesOp } from "@/lib/openapi/paths-creator-numbers";

// GET /api/admin/posts/<key>/series (blog origin) — the post's daily views, unlocks and revenue over ?from=&to=; admin only
export const GET = route({ ...postSeriesOp, auth: blogAdmin }, async ({ params, query, blog }) => postSeries({ blog, key: params.key, ...query }));
