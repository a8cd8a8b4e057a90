import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { keptByRowText, type RowColumn } from "@/lib/row-text";
import { VISIBLE_SITE_IDS } from "@/lib/sites/visible-sites";
import { CONTENT_ORDER_INDEX, contentTable, siteIdIn } from "./content-join";

/** A content item of a verified, live site, with what the home page's cards and the explore feed show of it (kept: frozen). */
export type NewestItem = {
  id: string;
  title: string;
  description: string;
  url: string;
  imageUrl: string;
  contentType: string;
  priceAtomic: bigint;
  currency: string;
  tags: string;
  createdAt: Date;
  siteName: string;
  domain: string;
};

/** The columns of an item (of Content `c` and its Site `s`), in the order `keptItems` reads them. */
const ITEM_COLUMNS: readonly RowColumn[] = ([
  ["c", "id", "text"], ["c", "title", "text"], ["c", "description", "text"], ["c", "url", "text"], ["c", "imageUrl", "text"],
  ["c", "contentType", "text"], ["c", "priceAtomic", "bigint"], ["c", "currency", "text"], ["c", "tags", "text"], ["c", "createdAt", "date"],
  ["s", "name", "text"], ["s", "domain", "text"],
] as const).map(([table, name, kind]) => ({ sql: `${table}."${name}"`, kind }));

/**
 * Items kept by their row's text (lib/row-text.ts): the same row is the same (frozen) object, so what is
 * built from a list of them (the explore feed) can be kept while the list is the same objects.
 */
const keptItems = keptByRowText<NewestItem>(ITEM_COLUMNS, 1_000, (values) => {
  const [id, title, description, url, imageUrl, contentType, priceAtomic, currency, tags, createdAt, siteName, domain] = values;
  return { value: Object.freeze({ id, title, description, url, imageUrl, contentType, priceAtomic, currency, tags, createdAt, siteName, domain } as NewestItem) };
});

/**
 * The `limit` newest content items of this network on verified, live sites (the home page's six, the
 * explore feed's fifty). One raw statement walking the (network, createdAt) index with the visible
 * sites as `siteIdIn`, as discovery does (lib/explore/content-join.ts): the ORM's form of the site
 * filter, a relation, cost more than the walk (at 100,000 items the home page rendered at 77 req/s with
 * it, 423 without; bench/README.md, session 35). Each row is read as one text and its item kept (`keptItems`).
 */
export async function newestContent(limit: number): Promise<readonly NewestItem[]> {
  const rows = await db.$queryRaw<Array<{ text: string }>>`SELECT ${keptItems.sql()} AS "text"
    FROM ${contentTable(CONTENT_ORDER_INDEX.newest)} JOIN "Site" s ON s."id" = c."siteId"
    WHERE c."network" = ${env.NETWORK_MODE} AND ${siteIdIn(VISIBLE_SITE_IDS)}
    ORDER BY c."createdAt" DESC, c."id" DESC LIMIT ${limit}`;
  return rows.map(({ text }) => keptItems.of(text));
}
