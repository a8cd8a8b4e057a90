import "server-only";
import { getAddress } from "viem";
import { db } from "@/lib/db";
import { dayRange } from "@/lib/ledger/day-range";
import { resourceSeries } from "@/lib/ledger/resource-series";
import { adminPostView } from "./admin-post-view";
import type { BlogContext } from "./blog-context";
import { listAllPosts } from "./list-posts";
import { postAccess } from "./post-access";
import { postStats } from "./post-stats";

/**
 * What the blog editor at <blog>/admin starts from (server side, admin only): every post as the
 * admin API shows it, with its whitelist, the wallets holding (or refused) an entitlement and its daily
 * numbers over the last 30 days (lib/ledger/resource-series.ts).
 */
export async function adminPageData(blog: BlogContext) {
  const posts = await listAllPosts({ siteId: blog.site.id });
  const access = postAccess(blog);
  const keys = new Map(posts.map((p) => [access.entitlementKey(p), p.id]));
  const range = dayRange({});
  const [stats, whitelists, entitlements, series] = await Promise.all([
    postStats(posts),
    db.accessListEntry.findMany({ where: { resourceKey: { in: [...keys.keys()] } }, orderBy: { createdAt: "asc" }, select: { resourceKey: true, wallet: true } }),
    db.entitlement.findMany({ where: { resourceKey: { in: [...keys.keys()] } }, orderBy: { createdAt: "desc" }, take: 2000 }),
    resourceSeries({ kind: "post", ids: posts.map((p) => p.id), range }),
  ]);
  const views = await Promise.all(posts.map((p) => adminPostView(p, blog.origin, stats.get(p.id))));
  return views.map((view) => ({
    ...view,
    whitelist: whitelists.filter((w) => keys.get(w.resourceKey) === view.id).map((w) => getAddress(w.wallet)),
    entitlements: entitlements
      .filter((e) => keys.get(e.resourceKey) === view.id)
      .map((e) => ({ wallet: getAddress(e.wallet), status: e.status as "active" | "revoked" | "banned", source: e.source, since: e.createdAt.toISOString() })),
    series: { range: { from: range.from, to: range.to }, ...series.get(view.id)! },
  }));
}

export type AdminPostData = Awaited<ReturnType<typeof adminPageData>>[number];
