import "server-only";
import type { z } from "zod";
import { dayRange } from "@/lib/ledger/day-range";
import { resourceSeries } from "@/lib/ledger/resource-series";
import type { seriesResponse } from "@/lib/schemas/creator-numbers";
import type { BlogContext } from "./blog-context";
import { adminPost } from "./find-post";

/** GET /api/admin/posts/<key>/series (blog admin): the post's daily views, unlocks and revenue. */
export async function postSeries({ blog, key, from, to }: { blog: BlogContext; key: string; from?: string; to?: string }): Promise<z.input<typeof seriesResponse>> {
  const post = await adminPost({ siteId: blog.site.id, key });
  const range = dayRange({ from, to });
  const series = (await resourceSeries({ kind: "post", ids: [post.id], range })).get(post.id)!;
  return { success: true, kind: "post", id: post.id, range: { from: range.from, to: range.to }, totals: series.totals, daily: series.daily };
}
