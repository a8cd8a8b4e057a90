import "server-only";
import { db } from "@/lib/db";
import { usdcNumber } from "@/lib/money";

export type PostStats = { views: number; unlocks: number; revenue: number };

/**
 * Unlocks and gross revenue of posts, from their payments (every rail, pending and settled; failed
 * ones excluded), in one grouped query; views come from the post row.
 */
export async function postStats(posts: Array<{ id: string; views: number }>): Promise<Map<string, PostStats>> {
  const ids = posts.map((p) => p.id);
  const paid = ids.length
    ? await db.payment.groupBy({
        by: ["resourceId"],
        where: { resourceType: "blogpost", resourceId: { in: ids }, status: { not: "failed" } },
        _count: { _all: true },
        _sum: { amountAtomic: true },
      })
    : [];
  const byId = new Map(paid.map((g) => [g.resourceId, g]));
  return new Map(
    posts.map((p) => {
      const g = byId.get(p.id);
      return [p.id, { views: p.views, unlocks: g?._count._all ?? 0, revenue: usdcNumber(g?._sum.amountAtomic ?? 0n) }];
    }),
  );
}
