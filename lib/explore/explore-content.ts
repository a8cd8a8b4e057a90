import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";
import { utcDay } from "@/lib/events/bump-metrics";
import type { exploreQuery } from "@/lib/schemas/explore";
import { toContentCard } from "./to-content-card";

type ExploreQuery = z.output<typeof exploreQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Trending looks back this many UTC days (today included); day d weighs 1 / (d + 1). */
export const TRENDING_DAYS = 7;
/** hot-new: content first seen within this window ranks first. */
export const HOT_NEW_WINDOW_MS = 7 * DAY_MS;
const MAX_TERMS = 8;

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The filter every sort shares: this network's content on verified, live sites, of one type, and
 * containing every word of q in its searchText (stored lowercase by the same JavaScript that
 * lowercases q, so SQLite and PostgreSQL match alike; LIKE wildcards in q are escaped).
 * Quickshares are a separate table and can never appear.
 */
function whereClause(query: ExploreQuery) {
  const parts = [Prisma.sql`c."network" = ${env.NETWORK_MODE}`, Prisma.sql`s."verified" = TRUE`, Prisma.sql`s."removedAt" IS NULL`];
  if (query.type !== "all") parts.push(Prisma.sql`c."contentType" = ${query.type}`);
  const terms = (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
  for (const term of terms) parts.push(Prisma.sql`c."searchText" LIKE ${likePattern(term)} ESCAPE '\\'`);
  return Prisma.join(parts, " AND ");
}

function trendingJoin(now: Date) {
  const days = Array.from({ length: TRENDING_DAYS }, (_, d) => utcDay(new Date(now.getTime() - d * DAY_MS)));
  // Weights are constants of the formula, written as literals so both databases type them as numeric.
  const weight = Prisma.join(
    days.map((day, d) => Prisma.sql`WHEN ${day} THEN ${Prisma.raw((1 / (d + 1)).toFixed(6))}`),
    " ",
  );
  return Prisma.sql`LEFT JOIN (
    SELECT m."contentId" AS cid,
           SUM((m."views" + 10 * m."unlocks" + 5 * m."ratings") * (CASE m."day" ${weight} ELSE 0 END)) AS score
    FROM "DailyMetric" m
    WHERE m."network" = ${env.NETWORK_MODE} AND m."day" >= ${days.at(-1)!} AND m."contentId" <> ''
    GROUP BY m."contentId"
  ) t ON t.cid = c."id"`;
}

function orderBy(sort: ExploreQuery["sort"], now: Date) {
  if (sort === "best-sellers") return Prisma.sql`c."unlocks" DESC, c."revenueAtomic" DESC, c."views" DESC, c."createdAt" DESC, c."id" DESC`;
  if (sort === "hot-new") {
    const cutoff = new Date(now.getTime() - HOT_NEW_WINDOW_MS);
    // A Date parameter is bound in the same fixed-width ISO form the SQLite adapter stores, and as a
    // timestamp on PostgreSQL: the comparison agrees on both (covered by the explore API tests).
    return Prisma.sql`CASE WHEN c."createdAt" >= ${cutoff} THEN 1 ELSE 0 END DESC,
      CASE WHEN c."createdAt" >= ${cutoff} THEN c."views" + 10 * c."unlocks" + 5 * c."ratingsCount" ELSE 0 END DESC,
      c."createdAt" DESC, c."id" DESC`;
  }
  return Prisma.sql`COALESCE(t.score, 0) DESC, c."createdAt" DESC, c."id" DESC`;
}

/**
 * GET /hub/explore/content: verified content of this network, filtered by q and type, in one of
 * three documented orders, paged by limit/skip; total counts every match.
 */
export async function exploreContent(query: ExploreQuery) {
  const now = new Date();
  const where = whereClause(query);
  const join = query.sort === "trending" ? trendingJoin(now) : Prisma.empty;
  const [rows, counted] = await Promise.all([
    db.$queryRaw<Array<{ id: string }>>`SELECT c."id" AS id FROM "Content" c JOIN "Site" s ON s."id" = c."siteId" ${join}
      WHERE ${where} ORDER BY ${orderBy(query.sort, now)} LIMIT ${query.limit} OFFSET ${query.skip}`,
    db.$queryRaw<Array<{ n: bigint | number }>>`SELECT COUNT(*) AS n FROM "Content" c JOIN "Site" s ON s."id" = c."siteId" WHERE ${where}`,
  ]);
  const ids = rows.map((r) => r.id);
  const found = ids.length ? await db.content.findMany({ where: { id: { in: ids } }, include: { site: true } }) : [];
  const byId = new Map(found.map((c) => [c.id, c]));
  const content = ids.flatMap((id) => {
    const c = byId.get(id);
    return c ? [toContentCard(c)] : [];
  });
  return { success: true as const, content, total: Number(counted[0]?.n ?? 0), limit: query.limit, skip: query.skip };
}
