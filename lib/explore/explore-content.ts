import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";
import type { exploreQuery } from "@/lib/schemas/explore";
import { toContentCard } from "./to-content-card";

type ExploreQuery = z.output<typeof exploreQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;
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

function orderBy(sort: "trending" | "best-sellers") {
  if (sort === "best-sellers") return Prisma.sql`c."unlocks" DESC, c."revenueAtomic" DESC, c."views" DESC, c."id" DESC`;
  return Prisma.sql`c."trendScore" DESC, c."id" DESC`;
}

/**
 * COUNT of the matches. Without q or type, sites come first (CROSS JOIN fixes SQLite's join order;
 * PostgreSQL plans it alike): the count walks the (network, siteId, …) index of each live site's
 * content instead of looking up the site of every content row. With a content filter the content
 * index for that filter leads.
 */
async function count(where: Prisma.Sql, { siteFirst }: { siteFirst: boolean }): Promise<number> {
  const rows = siteFirst
    ? await db.$queryRaw<Array<{ n: bigint | number }>>`SELECT COUNT(*) AS n FROM "Site" s CROSS JOIN "Content" c WHERE c."siteId" = s."id" AND ${where}`
    : await db.$queryRaw<Array<{ n: bigint | number }>>`SELECT COUNT(*) AS n FROM "Content" c JOIN "Site" s ON s."id" = c."siteId" WHERE ${where}`;
  return Number(rows[0]?.n ?? 0);
}

async function ids(where: Prisma.Sql, order: Prisma.Sql, limit: number, skip: number): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await db.$queryRaw<Array<{ id: string }>>`SELECT c."id" AS id FROM "Content" c JOIN "Site" s ON s."id" = c."siteId"
    WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}`;
  return rows.map((r) => r.id);
}

/**
 * hot-new in two index-friendly parts: content first seen in the last 7 days by trending score,
 * then older content newest first; limit/skip page across both.
 */
async function hotNewIds(where: Prisma.Sql, now: Date, limit: number, skip: number) {
  // A Date parameter is bound in the same fixed-width ISO form the SQLite adapter stores, and as a
  // timestamp on PostgreSQL: the comparison agrees on both (covered by the explore API tests).
  const cutoff = new Date(now.getTime() - HOT_NEW_WINDOW_MS);
  const fresh = Prisma.sql`${where} AND c."createdAt" >= ${cutoff}`;
  const older = Prisma.sql`${where} AND c."createdAt" < ${cutoff}`;
  const freshCount = await count(fresh, { siteFirst: false });
  const first = skip < freshCount ? await ids(fresh, orderBy("trending"), limit, skip) : [];
  const rest = await ids(older, Prisma.sql`c."createdAt" DESC, c."id" DESC`, limit - first.length, Math.max(0, skip - freshCount));
  return [...first, ...rest];
}

/**
 * GET /hub/explore/content: verified content of this network, filtered by q and type, in one of
 * three documented orders (SORT_FORMULAS), paged by limit/skip; total counts every match. The
 * orders are index scans — trending and hot-new on (network, trendScore, id), best-sellers on
 * (network, unlocks, revenueAtomic, views, id) — so a page costs the same over 100 or 100,000 items.
 */
export async function exploreContent(query: ExploreQuery) {
  const where = whereClause(query);
  const [page, total] = await Promise.all([
    query.sort === "hot-new" ? hotNewIds(where, new Date(), query.limit, query.skip) : ids(where, orderBy(query.sort), query.limit, query.skip),
    count(where, { siteFirst: !query.q?.trim() && query.type === "all" }),
  ]);
  const found = page.length ? await db.content.findMany({ where: { id: { in: page } }, include: { site: true } }) : [];
  const byId = new Map(found.map((c) => [c.id, c]));
  const content = page.flatMap((id) => {
    const c = byId.get(id);
    return c ? [toContentCard(c)] : [];
  });
  return { success: true as const, content, total, limit: query.limit, skip: query.skip };
}
