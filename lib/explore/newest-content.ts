import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { VISIBLE_SITE_IDS } from "@/lib/sites/visible-sites";
import { CONTENT_ORDER_INDEX, contentTable, siteIdIn } from "./content-join";

/** A content item of a verified, live site, with what the home page's cards and the explore feed show of it. */
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

type Row = Omit<NewestItem, "priceAtomic"> & { priceAtomic: string };

/**
 * The `limit` newest content items of this network on verified, live sites (the home page's six, the
 * explore feed's fifty). One raw statement walking the (network, createdAt) index with the visible
 * sites as `siteIdIn`, as discovery does (lib/explore/content-join.ts): the ORM's form of the site
 * filter, a relation, cost more than the walk (at 100,000 items the home page rendered at 77 req/s with
 * it, 423 without; bench/README.md, session 35).
 */
export async function newestContent(limit: number): Promise<NewestItem[]> {
  const rows = await db.$queryRaw<Row[]>`SELECT c."id", c."title", c."description", c."url", c."imageUrl", c."contentType",
      CAST(c."priceAtomic" AS TEXT) AS "priceAtomic", c."currency", c."tags", c."createdAt", s."name" AS "siteName", s."domain"
    FROM ${contentTable(CONTENT_ORDER_INDEX.newest)} JOIN "Site" s ON s."id" = c."siteId"
    WHERE c."network" = ${env.NETWORK_MODE} AND ${siteIdIn(VISIBLE_SITE_IDS)}
    ORDER BY c."createdAt" DESC, c."id" DESC LIMIT ${limit}`;
  return rows.map((r) => ({ ...r, priceAtomic: BigInt(r.priceAtomic) }));
}
