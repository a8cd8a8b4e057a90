import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";

const CHUNK = 500;

/** `ids` in slices of at most 500, for statements that list them (`IN (…)`). */
export function inChunks<T>(ids: T[]): T[][] {
  return Array.from({ length: Math.ceil(ids.length / CHUNK) }, (_, i) => ids.slice(i * CHUNK, (i + 1) * CHUNK));
}

/**
 * Recomputes the stored sums of the given sites' content on this network (every site's with "all"), one
 * statement per chunk: a row per site, zeros for a site without content. The later computation wins,
 * and a refresh after any content change recomputes its site again, so the rows follow Content.
 */
export async function refreshSiteFigures(siteIds: string[] | "all"): Promise<void> {
  const chunks = siteIds === "all" ? [null] : inChunks(siteIds);
  const network = env.NETWORK_MODE;
  for (const ids of chunks) {
    // SQLite needs a WHERE in an upsert's SELECT (WHERE TRUE when every site is meant).
    const which = ids ? Prisma.sql`s."id" IN (${Prisma.join(ids)})` : Prisma.sql`TRUE`;
    await db.$executeRaw`INSERT INTO "SiteFigures" ("network", "siteId", "contentCount", "ratingsCount", "ratingSum", "unlocks", "views", "revenueAtomic")
      SELECT CAST(${network} AS TEXT), s."id", COUNT(c."id"), COALESCE(SUM(c."ratingsCount"), 0), COALESCE(SUM(c."ratingSum"), 0),
             COALESCE(SUM(c."unlocks"), 0), COALESCE(SUM(c."views"), 0), COALESCE(SUM(c."revenueAtomic"), 0)
      FROM "Site" s LEFT JOIN "Content" c ON c."siteId" = s."id" AND c."network" = ${network}
      WHERE ${which}
      GROUP BY s."id" ORDER BY s."id"
      ON CONFLICT ("network", "siteId") DO UPDATE SET "contentCount" = excluded."contentCount", "ratingsCount" = excluded."ratingsCount",
        "ratingSum" = excluded."ratingSum", "unlocks" = excluded."unlocks", "views" = excluded."views", "revenueAtomic" = excluded."revenueAtomic"`;
  }
}

/** Sites of no stored figures on this network: new sites, and sites whose listing was removed. */
export async function sitesWithoutFigures(): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>`SELECT s."id" FROM "Site" s
    WHERE NOT EXISTS (SELECT 1 FROM "SiteFigures" f WHERE f."siteId" = s."id" AND f."network" = ${env.NETWORK_MODE})`;
  return rows.map((r) => r.id);
}
