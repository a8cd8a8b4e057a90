import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";
import { cachedValue } from "@/lib/http/read-cache";
import type { exploreQuery } from "@/lib/schemas/explore";
import { CONTENT_ORDER_INDEX, contentJoinSite } from "./content-join";
import { type CardRow, toContentCard } from "./to-content-card";

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

/** A page order and the index that holds it (SQLite is told to walk that index: content-join.ts). */
type Order = { sql: Prisma.Sql; index: string };
const ORDERS = {
  trending: { sql: Prisma.sql`c."trendScore" DESC, c."id" DESC`, index: CONTENT_ORDER_INDEX.trending },
  "best-sellers": { sql: Prisma.sql`c."unlocks" DESC, c."revenueAtomic" DESC, c."views" DESC, c."id" DESC`, index: CONTENT_ORDER_INDEX.bestSellers },
  newest: { sql: Prisma.sql`c."createdAt" DESC, c."id" DESC`, index: CONTENT_ORDER_INDEX.newest },
} satisfies Record<string, Order>;

/** COUNT of the matches, joining each content row to its site (any filter; a scan when q is given). */
async function count(where: Prisma.Sql): Promise<number> {
  const rows = await db.$queryRaw<Array<{ n: bigint | number }>>`SELECT COUNT(*) AS n FROM ${contentJoinSite("scan")} WHERE s."id" = c."siteId" AND ${where}`;
  return Number(rows[0]?.n ?? 0);
}

/** The matches' total for a page: one count per filter under the read cache's bound, whatever the page and sort. */
function keptCount(where: Prisma.Sql): Promise<number> {
  return cachedValue(`explore:count:${where.sql}\u0000${where.values.map(String).join("\u0000")}`, () => count(where));
}

/**
 * COUNT without q: all content of the network (and type) from its index, minus the content of
 * hidden (unverified or removed) sites, which are few. Sites come first in the second count
 * (CROSS JOIN fixes SQLite's join order) so it only walks the hidden sites' content. Computed at most
 * once per READ_CACHE_MS and write for every page, sort and the content board (lib/http/read-cache.ts).
 */
export function countVisible(type: ExploreQuery["type"]): Promise<number> {
  return cachedValue(`explore:visible:${env.NETWORK_MODE}:${type}`, () => countVisibleNow(type));
}

async function countVisibleNow(type: ExploreQuery["type"]): Promise<number> {
  const network = env.NETWORK_MODE;
  const typeFilter = type === "all" ? Prisma.empty : Prisma.sql` AND c."contentType" = ${type}`;
  // One statement, so both counts see the same snapshot.
  const rows = await db.$queryRaw<Array<{ n: bigint | number }>>`SELECT
      (SELECT COUNT(*) FROM "Content" c WHERE c."network" = ${network}${typeFilter})
    - (SELECT COUNT(*) FROM "Site" s CROSS JOIN "Content" c
        WHERE c."siteId" = s."id" AND c."network" = ${network} AND NOT (s."verified" = TRUE AND s."removedAt" IS NULL)${typeFilter}) AS n`;
  return Number(rows[0]?.n ?? 0);
}

type RawCard = Omit<CardRow, "site"> & {
  siteName: string;
  siteDomain: string;
  siteOwnerWallet: string;
  siteVerified: boolean;
  siteVerificationStatus: string;
  siteLastVerifiedAt: Date | null;
  siteRemovedAt: Date | null;
};

/**
 * One page of cards in one raw query (content columns plus the site's), in the given order. Raw SQL
 * rather than findMany: the ORM's per-call query compilation and row mapping cost more than the
 * indexed scan itself. Column types come back the same on both databases (Date, bigint, boolean).
 */
async function cards(where: Prisma.Sql, order: Order, limit: number, skip: number): Promise<CardRow[]> {
  if (limit <= 0) return [];
  const rows = await db.$queryRaw<RawCard[]>`SELECT c."id", c."siteId", c."title", c."description", c."imageUrl", c."contentType", c."tags",
      c."tagsTentative", c."url", c."path", c."currency", c."priceAtomic", c."recipientWallet", c."accessPolicy", c."unlockPolicy",
      c."externalId", c."views", c."unlocks", c."revenueAtomic", c."ratingsCount", c."ratingSum", c."reputationScore", c."createdAt",
      c."lastSeenAt", s."name" AS "siteName", s."domain" AS "siteDomain", s."ownerWallet" AS "siteOwnerWallet",
      s."verified" AS "siteVerified", s."verificationStatus" AS "siteVerificationStatus", s."lastVerifiedAt" AS "siteLastVerifiedAt",
      s."removedAt" AS "siteRemovedAt"
    FROM ${contentJoinSite(order.index)}
    WHERE s."id" = c."siteId" AND ${where} ORDER BY ${order.sql} LIMIT ${limit} OFFSET ${skip}`;
  return rows.map(({ siteName, siteDomain, siteOwnerWallet, siteVerified, siteVerificationStatus, siteLastVerifiedAt, siteRemovedAt, ...c }) => ({
    ...c,
    site: {
      name: siteName,
      domain: siteDomain,
      ownerWallet: siteOwnerWallet,
      verified: siteVerified,
      verificationStatus: siteVerificationStatus,
      lastVerifiedAt: siteLastVerifiedAt,
      removedAt: siteRemovedAt,
    },
  }));
}

/**
 * hot-new in two index-friendly parts: content first seen in the last 7 days by trending score,
 * then older content newest first; limit/skip page across both.
 */
async function hotNewCards(where: Prisma.Sql, now: Date, limit: number, skip: number) {
  // A Date parameter is bound in the same fixed-width ISO form the SQLite adapter stores, and as a
  // timestamp on PostgreSQL: the comparison agrees on both (covered by the explore API tests).
  const cutoff = new Date(now.getTime() - HOT_NEW_WINDOW_MS);
  const fresh = Prisma.sql`${where} AND c."createdAt" >= ${cutoff}`;
  const older = Prisma.sql`${where} AND c."createdAt" < ${cutoff}`;
  const first = await cards(fresh, ORDERS.trending, limit, skip);
  if (first.length === limit) return first;
  // The fresh part ran out on this page: older content continues where it ends.
  const freshCount = first.length > 0 || skip === 0 ? skip + first.length : await count(fresh);
  return [...first, ...(await cards(older, ORDERS.newest, limit - first.length, Math.max(0, skip - freshCount)))];
}

/**
 * GET /hub/explore/content: verified content of this network, filtered by q and type, in one of
 * three documented orders (SORT_FORMULAS), paged by limit/skip; total counts every match. The
 * orders are index scans — trending and hot-new on (network, trendScore, id), best-sellers on
 * (network, unlocks, revenueAtomic, views, id) — so a page costs the same over 100 or 100,000 items.
 */
export async function exploreContent(query: ExploreQuery) {
  const where = whereClause(query);
  const [rows, total] = await Promise.all([
    query.sort === "hot-new" ? hotNewCards(where, new Date(), query.limit, query.skip) : cards(where, ORDERS[query.sort], query.limit, query.skip),
    query.q?.trim() ? keptCount(where) : countVisible(query.type),
  ]);
  return { success: true as const, content: rows.map(toContentCard), total, limit: query.limit, skip: query.skip };
}
