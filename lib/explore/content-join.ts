import "server-only";
import { isPostgres, sqliteIndexed } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";

/**
 * `"Content" c`, walked by `index` on SQLite, or `"scan"` for a plain scan (the cheapest way to count a
 * text query's matches); for filters on the site use `siteIdIn`. With planner statistics SQLite judges
 * the `network` indexes unselective (one network per hub) and would read every content row and sort
 * them for a page (100 ms at 100,000 items, against 1–4 ms walking the order's index), so it is told
 * which index to walk. PostgreSQL plans alone. The index names are Prisma's (prisma/schema.prisma marks them).
 */
export function contentTable(index: string | "scan"): Prisma.Sql {
  return sqliteIndexed(Prisma.sql`"Content" c`, index);
}

/**
 * `c."siteId"` among the sites a subquery selects. On PostgreSQL as `= ANY (ARRAY(…))`, an init plan
 * run once: with the sites as a join or an IN, PostgreSQL misjudges how many sites match (a handful of
 * rows) and reads every content row of the matching sites to sort them (96 ms for discovery's 1,000
 * newest at 100,000 items), where the array lets it walk the order's index (6 ms).
 */
export function siteIdIn(sites: Prisma.Sql): Prisma.Sql {
  return isPostgres() ? Prisma.sql`c."siteId" = ANY (ARRAY(${sites}))` : Prisma.sql`c."siteId" IN (${sites})`;
}

/**
 * The indexes that hold explore's and discovery's orders. Each also carries the columns explore's
 * filters test (site, type; the trending one hot-new's window too), so a walk decides every row from the
 * index and reads a Content row only for a card it returns: a page by skip past item 90,000 read 90,000
 * rows for their site (105 ms on SQLite) and now walks the index alone (9 ms).
 */
export const CONTENT_ORDER_INDEX = {
  trending: "Content_order_trending_idx",
  bestSellers: "Content_order_best_sellers_idx",
  newest: "Content_order_newest_idx",
} as const;
