import "server-only";
import type { z } from "zod";
import { db, isPostgres } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";
import { contentCount, contentCountSql, contentOutsideSql } from "@/lib/counters/content-count";
import { countKeptByEpoch } from "@/lib/counters/content-epoch";
import { BodyAnswer } from "@/lib/http/plain-answer";
import { cachedValue, readCacheOn } from "@/lib/http/read-cache";
import { jsonWithKept, keptByRowText, type RowColumn } from "@/lib/row-text";
import { statusHoldsUntil } from "@/lib/sites/site-status";
import { VISIBLE_SITE_IDS } from "@/lib/sites/visible-sites";
import type { exploreQuery } from "@/lib/schemas/explore";
import { CONTENT_ORDER_INDEX, contentTable, siteIdIn } from "./content-join";
import { decodeExploreCursor, encodeExploreCursor, type Position } from "./explore-cursor";
import { type TextMatch, textMatch, textTotalSql } from "./text-match";
import { type CardRow, type ContentCard, toContentCard } from "./to-content-card";

type ExploreQuery = z.output<typeof exploreQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** hot-new: content first seen within this window ranks first. */
export const HOT_NEW_WINDOW_MS = 7 * DAY_MS;
/**
 * The filter every sort shares: this network's content on verified, live sites, of one type, and
 * with every word of q beginning a word of its searchText (`textMatch`: each database's own text
 * index, the same matches on both; a q without any word matches nothing).
 * Quickshares are a separate table and can never appear.
 */
function whereClause(query: ExploreQuery, text: Prisma.Sql | undefined) {
  const parts = [Prisma.sql`c."network" = ${env.NETWORK_MODE}`];
  if (query.type !== "all") parts.push(Prisma.sql`c."contentType" = ${query.type}`);
  if (text) parts.push(text);
  // The visible sites as a set the content is checked against, not as conditions on a joined site row:
  // given those, PostgreSQL started from the (few) sites and sorted every match of a filter for a page
  // (hot-new: 32 ms at 100,000 items, against 0.3 ms walking the order's index). Last, so SQLite tests
  // it only on rows the cheaper terms kept (a text query's count: 63 ms first, 40 ms last).
  parts.push(siteIdIn(VISIBLE_SITE_IDS));
  return Prisma.join(parts, " AND ");
}

/** A page order and the index that holds it (SQLite is told to walk that index: content-join.ts). */
type Order = { sql: Prisma.Sql; index: string };
const ORDERS = {
  trending: { sql: Prisma.sql`c."trendScore" DESC, c."id" DESC`, index: CONTENT_ORDER_INDEX.trending },
  "best-sellers": { sql: Prisma.sql`c."unlocks" DESC, c."revenueAtomic" DESC, c."views" DESC, c."id" DESC`, index: CONTENT_ORDER_INDEX.bestSellers },
  newest: { sql: Prisma.sql`c."createdAt" DESC, c."id" DESC`, index: CONTENT_ORDER_INDEX.newest },
} satisfies Record<string, Order>;

/** COUNT of the matches of a filter (a plain scan on SQLite: each match's row is read to test the filter). */
function countSql(where: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT COUNT(*) AS n FROM ${contentTable("scan")} WHERE ${where}`;
}

async function count(sql: Prisma.Sql): Promise<number> {
  const rows = await db.$queryRaw<Array<{ n: bigint | number | string }>>(sql);
  return Number(rows[0]?.n ?? 0);
}

/**
 * A text query's total and the visible content it is a share of. The total is kept under the content
 * epoch it was counted in (lib/counters/content-epoch.ts): while no content is added, removed or
 * retexted and no site's visibility changes, every reader of a filter gets it from one small statement
 * (the epoch and the visible count), and the first reader after a change counts it again. A count is
 * dear: two common words' matches at 100,000 items cost 1.5–1.8 ms in FTS5 alone (PostgreSQL 5–14 ms).
 * When the counters say the filter keeps every Content row (one network, every site visible, no type
 * or a single one: the usual hub) the matches are counted from the text index alone — on SQLite from
 * the FTS5 doclists, without reading the 2,858 rows two common words match at 100,000 items (3.0 → 1.5 ms
 * in a loop); otherwise each match is tested. With the read cache on, its bound also keeps the pair.
 */
function textTotal(where: Prisma.Sql, query: ExploreQuery, match: TextMatch | null): Promise<{ total: number; visible: number }> {
  if (!match) return Promise.resolve({ total: 0, visible: 0 });
  const outside = contentOutsideSql({ network: env.NETWORK_MODE, type: query.type });
  const key = `explore:count:${where.sql}\u0000${where.values.map(String).join("\u0000")}`;
  return cachedValue(key, async () => {
    const { count, beside } = await countKeptByEpoch(key, textTotalSql(match, { outside, filtered: countSql(where) }), visibleSql(query.type));
    return { total: count, visible: beside };
  });
}

/** The visible content of the network (and type) as a scalar subquery: `countVisible`'s statement. */
function visibleSql(type: ExploreQuery["type"]): Prisma.Sql {
  return contentCountSql({ network: env.NETWORK_MODE, type, visible: true });
}

/**
 * The visible content of the network (and type): verified, live sites only, from the counters the
 * database keeps beside Content (lib/counters/content-count.ts), not a count over content. Computed at
 * most once per READ_CACHE_MS and write for every page, sort and the content board (lib/http/read-cache.ts).
 */
export function countVisible(type: ExploreQuery["type"]): Promise<number> {
  return cachedValue(`explore:visible:${env.NETWORK_MODE}:${type}`, () => contentCount({ network: env.NETWORK_MODE, type, visible: true }));
}

/** A card's row and the order column no card shows (its cursor needs it). */
type PageRow = CardRow & { trendScore: number };

/** A page's card: its row (for the cursor), the card, and the card as JSON text (for the API's answer). */
type PageCard = { row: PageRow; card: ContentCard; json: string };

/** A page's cards, and the value of the scalar subquery its statement carried (null when none was given or no row came back). */
type Page = { rows: PageCard[]; carried: number | null };

/**
 * The columns a card is made of (`CardRow`) and the order column, from Content `c` and its Site `s`, in
 * the order `keptCards` reads them.
 */
const CARD_COLUMNS: readonly RowColumn[] = [
  ...([
    ["id", "text"], ["siteId", "text"], ["title", "text"], ["description", "text"], ["imageUrl", "text"], ["contentType", "text"],
    ["tags", "text"], ["tagsTentative", "bool"], ["url", "text"], ["path", "text"], ["currency", "text"], ["priceAtomic", "bigint"],
    ["recipientWallet", "text"], ["accessPolicy", "text"], ["unlockPolicy", "text"], ["externalId", "text"], ["views", "int"],
    ["unlocks", "int"], ["revenueAtomic", "bigint"], ["ratingsCount", "int"], ["ratingSum", "int"], ["reputationScore", "real"],
    ["createdAt", "date"], ["lastSeenAt", "date"], ["trendScore", "real"],
  ] as const).map(([name, kind]) => ({ sql: `c."${name}"`, kind })),
  ...([
    ["name", "text"], ["domain", "text"], ["ownerWallet", "text"], ["verified", "bool"], ["verificationStatus", "text"],
    ["lastVerifiedAt", "date"], ["removedAt", "date"], ["hosted", "bool"],
  ] as const).map(([name, kind]) => ({ sql: `s."${name}"`, kind })),
];

/**
 * Cards kept by their row's text (lib/row-text.ts): a card is its row and its site's columns and
 * nothing else (the hub's origin and the maximum proof age are the process's), so a kept one is the card
 * the row gives now, on any page, sort or filter it comes up in, until its site's proof would go stale.
 * At about 4 KB each (the text, row, card and JSON; an estimate), the bound keeps 250 pages of 20 in
 * about 20 MB. With them a
 * computed page reads one text per card beside its ids and builds only the cards it has not built before
 * (bench/README.md, "Issue 38, session 64").
 */
const keptCards = keptByRowText<PageCard>(CARD_COLUMNS, 5_000, (values) => {
  const [
    id, siteId, title, description, imageUrl, contentType, tags, tagsTentative, url, path, currency, priceAtomic, recipientWallet, accessPolicy,
    unlockPolicy, externalId, views, unlocks, revenueAtomic, ratingsCount, ratingSum, reputationScore, createdAt, lastSeenAt, trendScore,
    name, domain, ownerWallet, verified, verificationStatus, lastVerifiedAt, removedAt, hosted,
  ] = values;
  const site = { name, domain, ownerWallet, verified, verificationStatus, lastVerifiedAt, removedAt, hosted } as PageRow["site"];
  const row = {
    id, siteId, title, description, imageUrl, contentType, tags, tagsTentative, url, path, currency, priceAtomic, recipientWallet, accessPolicy,
    unlockPolicy, externalId, views, unlocks, revenueAtomic, ratingsCount, ratingSum, reputationScore, createdAt, lastSeenAt, trendScore, site,
  } as PageRow;
  const card = deepFreeze(toContentCard(row));
  return { value: Object.freeze({ row, card, json: JSON.stringify(card) }), until: statusHoldsUntil(site) };
});

/** A kept card is every caller's: frozen, nested values too. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * How a page's ids are found: walking the order's index (SQLite is told which; `walk` false: a plain
 * scan and a sort), and with `rowTest` by testing the text of at most `rows` rows the walk reads first.
 */
type PageScan = { walk: boolean; rowTest?: { sql: Prisma.Sql; rows: number } };
const WALK: PageScan = { walk: true };

/** The ids of a page: `where` on the index's columns, then (with a row test) the text of the rows walked, within the bound. */
function pageIds(where: Prisma.Sql, order: Order, limit: number, skip: number, scan: PageScan): Prisma.Sql {
  if (!scan.rowTest) return Prisma.sql`SELECT c."id" FROM ${contentTable(scan.walk ? order.index : "scan")} WHERE ${where} ORDER BY ${order.sql} LIMIT ${limit} OFFSET ${skip}`;
  return Prisma.sql`SELECT c."id" FROM (SELECT c."id", c."searchText", c."trendScore", c."unlocks", c."revenueAtomic", c."views", c."createdAt"
      FROM ${contentTable(order.index)} WHERE ${where} ORDER BY ${order.sql} LIMIT ${scan.rowTest.rows}) c
    WHERE ${scan.rowTest.sql} ORDER BY ${order.sql} LIMIT ${limit} OFFSET ${skip}`;
}

/**
 * One page of cards, in the given order: one raw statement reads each row of the page as one text
 * (its content columns and its site's, lib/row-text.ts); a card kept for a text answers, the others are
 * built from their text (`keptCards`). Raw SQL rather than findMany: the ORM's per-call query compilation
 * and row mapping cost more than the indexed scan itself. Read as values and built every time, a page of
 * 20 cost 620 µs where its statement took 177 µs (bench/README.md, "Issue 38, session 64").
 */
async function cards(where: Prisma.Sql, order: Order, limit: number, skip: number, scan = WALK, carry?: Prisma.Sql): Promise<Page> {
  if (limit <= 0) return { rows: [], carried: null };
  // The page's ids are found first, from the order's index alone (it holds every column a filter
  // tests: content-join.ts); only those rows are then read and joined to their sites. When the walk
  // read whole rows, a page by skip past item 90,000 read 90,000 rows only to pass over them (SQLite),
  // and PostgreSQL chose to read the whole table and sort it instead (150 ms). With the sites joined
  // inside, PostgreSQL hashed every row past a deep cursor with them and sorted (12 ms at item 90,000).
  const rows = await db.$queryRaw<Array<{ text: string; carried?: bigint | number | string | null }>>`SELECT ${keptCards.sql()} AS "text"
      ${carry ? Prisma.sql`, (${carry}) AS "carried"` : Prisma.empty}
    FROM (${pageIds(where, order, limit, skip, scan)}) p
    CROSS JOIN "Content" c CROSS JOIN "Site" s WHERE c."id" = p."id" AND s."id" = c."siteId" ORDER BY ${order.sql}`;
  const carried = carry && rows.length > 0 ? Number(rows[0]?.carried ?? 0) : null;
  const now = Date.now();
  return { rows: rows.map(({ text }) => keptCards.of(text, now)), carried };
}

/**
 * The rows after a position, in its order. Where the order's index holds every column of the order
 * (trending, best-sellers) one row-value comparison starts the index range right at the position, ties
 * included (both databases seek on it). The newest range starts at the time, and the few rows of that
 * same instant are filtered by id. Measured on SQLite at 100,000 items: adding
 * `first <= x` beside a row value made it walk a quarter of the index (220–290 ms), and
 * `first <= x AND (first < x OR id < …)` walked every tie of a common score (75 req/s deep down).
 */
function after(p: Position): Prisma.Sql {
  switch (p.order) {
    case "trending":
      return Prisma.sql`(c."trendScore", c."id") < (${p.trendScore}, ${p.id})`;
    case "best-sellers":
      return Prisma.sql`(c."unlocks", c."revenueAtomic", c."views", c."id") < (${p.unlocks}, ${p.revenueAtomic}, ${p.views}, ${p.id})`;
    case "newest":
      return Prisma.sql`c."createdAt" <= ${p.createdAt} AND (c."createdAt" < ${p.createdAt} OR c."id" < ${p.id})`;
  }
}

function positionOf(row: PageRow, order: Position["order"]): Position {
  if (order === "trending") return { order, trendScore: row.trendScore, id: row.id };
  if (order === "best-sellers") return { order, unlocks: row.unlocks, revenueAtomic: row.revenueAtomic, views: row.views, id: row.id };
  return { order, createdAt: row.createdAt, id: row.id };
}

/**
 * hot-new in two index-friendly parts: content first seen since `cutoff` (7 days before the first
 * page) by trending score, then older content newest first; skip, or a position in either part, pages
 * across both. `carry` rides on the first statement that returns rows (`cards`).
 */
async function hotNewCards(where: Prisma.Sql, cutoff: Date, limit: number, skip: number, from?: Position, walk = true, carry?: Prisma.Sql): Promise<Page> {
  // A Date parameter is bound in the same fixed-width ISO form the SQLite adapter stores, and as a
  // timestamp on PostgreSQL: the comparison agrees on both (covered by the explore API tests).
  const fresh = Prisma.sql`${where} AND c."createdAt" >= ${cutoff}`;
  const older = Prisma.sql`${where} AND c."createdAt" < ${cutoff}`;
  if (from?.order === "newest") return cards(Prisma.sql`${older} AND ${after(from)}`, ORDERS.newest, limit, 0, { walk }, carry);
  const first = await cards(from ? Prisma.sql`${fresh} AND ${after(from)}` : fresh, ORDERS.trending, limit, skip, { walk }, carry);
  if (first.rows.length === limit) return first;
  // The fresh part ran out on this page: older content continues where it ends.
  const freshCount = first.rows.length > 0 || skip === 0 ? skip + first.rows.length : await count(countSql(fresh));
  const rest = await cards(older, ORDERS.newest, limit - first.rows.length, Math.max(0, skip - freshCount), { walk }, first.carried === null ? carry : undefined);
  return { rows: [...first.rows, ...rest.rows], carried: first.carried ?? rest.carried };
}

/**
 * How a text query's page is found (on SQLite; PostgreSQL is given the row test or the index's
 * condition and plans alone): `test-rows` walks the order's index and tests each row's own searchText
 * (no text index read), within a bound of rows; `walk` walks it testing each row against the matches the
 * FTS5 table gives (all of them, gathered first); `sort` reads every match and sorts them.
 */
type TextScan = "test-rows" | "walk" | "sort";

/**
 * Index rows a page is expected to walk (matches spread evenly) for it to test each row's text:
 * ≈ 0.3–0.6 µs a row where gathering a common word's matches from the FTS5 table costs 1.5–2 ms
 * (100,000 items, bench/README.md, session 30).
 */
const TEST_ROWS_WALK = 2_000;
/**
 * The bound of that walk: twice the rows expected, at least `TEST_ROWS_MIN`. SQLite reads every row
 * up to the bound whatever the page needs (the rows are sorted again after the text test), so the bound
 * is the walk's cost; it was four times the rows expected and at least 2,000, which made a common
 * word's first page (about 105 rows expected) read 2,000. Twice what is expected still fills a page of
 * evenly spread matches all but never (a page of 21 expects 42 matches in the bound), and a page left
 * short — matches bunched further down the order, an old site's name — is answered by the index's
 * matches, as before: a bounded walk more, not a walk of the whole index.
 */
const TEST_ROWS_MIN = 200;

/**
 * A text query's page and total. The matches are counted first (`textTotal`); a walk of the order's
 * index reads about (skip + limit) × visible ÷ matches rows when matches are spread evenly. A short walk
 * tests each row's text; a longer one tests rows against the gathered matches; when the walk would read
 * more rows than there are matches, every match is read and sorted instead (a rare word is sorted, a
 * common one walked). PostgreSQL takes the short walk too (given the row test it walks the order's index:
 * 1.8 ms where its bitmap scan of the GIN index and a sort took 9.7 ms); otherwise it plans the page
 * alone, from the statistics of its index expression.
 */
async function textPage(
  where: Prisma.Sql,
  query: ExploreQuery,
  match: TextMatch | null,
  page: (scan: TextScan, rows?: number) => Promise<Page>,
): Promise<[PageCard[], number]> {
  const { total, visible } = await textTotal(where, query, match);
  if (total === 0) return [[], 0];
  const take = query.limit + 1;
  const walked = ((query.skip + take) * visible) / total;
  // hot-new pages across two walks, and a short first one continues into the second: no bound there.
  if (walked <= TEST_ROWS_WALK && query.sort !== "hot-new") {
    const { rows } = await page("test-rows", Math.max(TEST_ROWS_MIN, Math.ceil(2 * walked)));
    // A whole page is the true one: every row before it was tested. A short one may only mean the
    // bound was reached before the matches (or the page) ended: the index's matches answer then.
    if (rows.length === take) return [rows, total];
  }
  return [(await page(isPostgres() || walked < total ? "walk" : "sort")).rows, total];
}

/**
 * A page without text and its total, the visible content. With the read cache on, the count kept for
 * the bound answers (no statement, and every page and sort of a filter shows the same total within the
 * bound: `countVisible`), beside the page. With it off, nothing is kept: the page's own statement
 * computes the count too (one round trip, one snapshot; on PostgreSQL two statements at once held two of
 * the pool's clients per request), and only a page that comes back empty (a skip past the end) counts
 * it apart.
 */
async function pageAndVisible(page$: (carry?: Prisma.Sql) => Promise<Page>, type: ExploreQuery["type"]): Promise<[PageCard[], number]> {
  if (readCacheOn()) {
    const [{ rows }, visible] = await Promise.all([page$(), countVisible(type)]);
    return [rows, visible];
  }
  const { rows, carried } = await page$(visibleSql(type));
  return [rows, carried ?? (await countVisible(type))];
}

/**
 * GET /hub/explore/content: verified content of this network, filtered by q and type, in one of
 * three documented orders (SORT_FORMULAS), paged by limit and skip or a cursor; total counts every
 * match. The orders are index scans — trending and hot-new on (network, trendScore, id), best-sellers
 * on (network, unlocks, revenueAtomic, views, id) — so a page costs the same over 100 or 100,000
 * items, and a page by cursor the same at item 90,000 as at item 20 (one more row is read to know
 * whether a next page exists). The cards are kept objects, shared: frozen.
 */
export async function exploreContent(query: ExploreQuery) {
  const { cards: page, ...rest } = await explorePage(query);
  return { success: true as const, content: page.map(({ card }) => card), ...rest };
}

/**
 * The same answer as JSON text, for the API: each card's JSON is kept with it, so the answer is those
 * texts joined (what `JSON.stringify` of `exploreContent`'s answer gives, without serializing the cards again).
 */
export async function exploreContentAnswer(query: ExploreQuery): Promise<BodyAnswer> {
  const { cards: page, total, limit, skip, nextCursor } = await explorePage(query);
  const json = jsonWithKept({ success: true }, "content", page.map((c) => c.json), { total, limit, skip, nextCursor });
  return new BodyAnswer(json, { "content-type": "application/json" });
}

async function explorePage(query: ExploreQuery) {
  const match = query.q?.trim() ? textMatch(query.q) : undefined;
  const where = whereClause(query, match === undefined ? undefined : (match?.sql ?? Prisma.sql`1 = 0`));
  const cursor = query.cursor === undefined ? null : decodeExploreCursor(query.cursor, query.sort, query.skip);
  const cutoff = cursor?.cutoff ?? new Date(Date.now() - HOT_NEW_WINDOW_MS);
  const take = query.limit + 1;
  // `carry`: a scalar subquery the page's statement computes too (one round trip for the page and its total).
  const page$ = (scan: TextScan = "walk", rows = 0, carry?: Prisma.Sql) => {
    if (query.sort === "hot-new") return hotNewCards(where, cutoff, take, query.skip, cursor?.after, scan !== "sort", carry);
    if (scan === "test-rows" && match) {
      // The walk's own filter (network, type, visible site, cursor) on the index; the text on the rows it read.
      const base = whereClause(query, undefined);
      const rowTest = { sql: match.rowSql, rows };
      return cards(cursor ? Prisma.sql`${base} AND ${after(cursor.after)}` : base, ORDERS[query.sort], take, query.skip, { walk: true, rowTest });
    }
    return cards(cursor ? Prisma.sql`${where} AND ${after(cursor.after)}` : where, ORDERS[query.sort], take, query.skip, { walk: scan !== "sort" }, carry);
  };
  const [rows, total] = match !== undefined ? await textPage(where, query, match, page$) : await pageAndVisible((carry) => page$("walk", 0, carry), query.type);
  const page = rows.slice(0, query.limit);
  const last = rows.length > query.limit ? page.at(-1)?.row : undefined;
  // hot-new's last card is in its fresh part (trending order) or its older part (newest first).
  const order = query.sort !== "hot-new" ? query.sort : last && last.createdAt >= cutoff ? "trending" : "newest";
  const nextCursor = last ? encodeExploreCursor({ after: positionOf(last, order), ...(query.sort === "hot-new" ? { cutoff } : {}) }) : null;
  return { cards: page, total, limit: query.limit, skip: query.skip, nextCursor };
}
