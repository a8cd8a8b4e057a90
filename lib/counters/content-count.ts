import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";

/**
 * How many content items a network has (of one type, or "all"), from the ContentCount rows the
 * database's triggers keep in the same transaction as every Content write — a few rows per site,
 * never the content itself. `visible`: only content of verified sites not removed (explore's totals,
 * the content board); without it every site's (platform stats).
 */
export async function contentCount({ network, type = "all", visible }: { network: string; type?: string; visible: boolean }): Promise<number> {
  const typeFilter = type === "all" ? Prisma.empty : Prisma.sql` AND k."contentType" = ${type}`;
  const rows = visible
    ? await db.$queryRaw<Array<{ n: bigint | number | null }>>`SELECT SUM(k."n") AS n FROM "ContentCount" k JOIN "Site" s ON s."id" = k."siteId"
        WHERE k."network" = ${network}${typeFilter} AND s."verified" = TRUE AND s."removedAt" IS NULL`
    : await db.$queryRaw<Array<{ n: bigint | number | null }>>`SELECT SUM(k."n") AS n FROM "ContentCount" k WHERE k."network" = ${network}${typeFilter}`;
  return Number(rows[0]?.n ?? 0);
}
