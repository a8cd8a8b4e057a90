import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";
import { VISIBLE_SITE_IDS } from "@/lib/sites/visible-sites";

/** ` AND k."contentType" = type`, or nothing for "all". */
function typeFilterOf(type: string): Prisma.Sql {
  return type === "all" ? Prisma.empty : Prisma.sql` AND k."contentType" = ${type}`;
}

/**
 * How many content items a network has (of one type, or "all"), from the ContentCount rows the
 * database's triggers keep in the same transaction as every Content write — a few rows per site,
 * never the content itself. `visible`: only content of verified sites not removed (explore's totals,
 * the content board); without it every site's (platform stats).
 */
export async function contentCount(filter: { network: string; type?: string; visible: boolean }): Promise<number> {
  const rows = await db.$queryRaw<Array<{ n: bigint | number | null }>>`SELECT (${contentCountSql(filter)}) AS n`;
  return Number(rows[0]?.n ?? 0);
}

/** `contentCount`'s statement, as a scalar subquery another statement can carry (one round trip for both). */
export function contentCountSql({ network, type = "all", visible }: { network: string; type?: string; visible: boolean }): Prisma.Sql {
  const typeFilter = typeFilterOf(type);
  return visible
    ? Prisma.sql`SELECT SUM(k."n") FROM "ContentCount" k JOIN "Site" s ON s."id" = k."siteId"
        WHERE k."network" = ${network}${typeFilter} AND s."verified" = TRUE AND s."removedAt" IS NULL`
    : Prisma.sql`SELECT SUM(k."n") FROM "ContentCount" k WHERE k."network" = ${network}${typeFilter}`;
}

/**
 * A statement for how many content items lie outside a filter — on another network, on a site that is
 * not verified or was removed, or (with a type) of another type — from the same counters. Zero means the
 * filter keeps every Content row, so a count of matches need not test the filter row by row.
 */
export function contentOutsideSql({ network, type = "all" }: { network: string; type?: string }): Prisma.Sql {
  return Prisma.sql`SELECT COALESCE(SUM(k."n"), 0) FROM "ContentCount" k WHERE k."n" <> 0 AND NOT (k."network" = ${network}${typeFilterOf(type)}
    AND k."siteId" IN (${VISIBLE_SITE_IDS}))`;
}
