import "server-only";
import { db, unplannedValue as v } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";

/** What a sale of a tracked content item reads of it and of its site (/hub/pay, its 402 and preflight). */
export type ContentForSale = {
  id: string;
  siteId: string;
  externalId: string;
  title: string;
  url: string;
  priceAtomic: bigint;
  recipientWallet: string | null;
  accessPolicy: string;
  site: { domain: string; ownerWallet: string; feeWallet: string | null; hosted: boolean; removed: boolean };
};

type Row = Omit<ContentForSale, "site" | "priceAtomic"> & {
  priceAtomic: string;
  domain: string;
  ownerWallet: string;
  feeWallet: string | null;
  hosted: number | bigint;
  removed: number | bigint;
};

/** Which rows: a content id or a site's externalId (within siteId), a URL, or a path (within siteId). */
export type SaleLookup =
  | { by: "id"; network: string; contentId: string; siteId?: string }
  | { by: "url"; network: string; url: string }
  | { by: "path"; network: string; path: string; siteId?: string };

/**
 * The statement of a lookup. Its plan must not depend on planner statistics: on a SQLite database that
 * has none yet (a new one, or one that grew since its last `PRAGMA optimize`, lib/db-core.ts), `network
 * = ? AND (id = ? OR externalId = ?) ORDER BY createdAt` walked the (network, createdAt) index through
 * every content row of the network, on every paid unlock. So each arm of the id lookup names the
 * network itself (SQLite then reads one index per arm and joins them), and the order is of an
 * expression no index holds, so the few matching rows are sorted rather than found by walking an
 * index in that order. Every parameter is an `unplannedValue` (lib/db.ts): with the STAT4 samples SQLite
 * keeps, a bare one made SQLite plan this statement again on every run. `lib/content/content-for-sale.test.ts`
 * checks the plans without statistics and with them.
 */
export function saleLookupSql(lookup: SaleLookup): Prisma.Sql {
  const within = (siteId: string | undefined) => (siteId ? Prisma.sql` AND c."siteId" = ${v(siteId)}` : Prisma.empty);
  const network = Prisma.sql`c."network" = ${v(lookup.network)}`;
  const where =
    lookup.by === "id"
      ? Prisma.sql`((${network} AND c."id" = ${v(lookup.contentId)}) OR (${network} AND c."externalId" = ${v(lookup.contentId)}${within(lookup.siteId)}))`
      : lookup.by === "url"
        ? Prisma.sql`${network} AND c."url" = ${v(lookup.url)}`
        : Prisma.sql`${network} AND c."path" = ${v(lookup.path)}${within(lookup.siteId)}`;
  return Prisma.sql`SELECT c."id", c."siteId", c."externalId", c."title", c."url", CAST(c."priceAtomic" AS TEXT) AS "priceAtomic",
    c."recipientWallet", c."accessPolicy", s."domain", s."ownerWallet", s."feeWallet",
    CASE WHEN s."hosted" THEN 1 ELSE 0 END AS "hosted", CASE WHEN s."removedAt" IS NULL THEN 0 ELSE 1 END AS "removed"
    FROM "Content" c JOIN "Site" s ON s."id" = c."siteId"
    WHERE ${where}
    ORDER BY COALESCE(c."createdAt", c."createdAt") ASC, c."id" ASC LIMIT 5`;
}

/**
 * The content rows a lookup names, oldest first (at most five), with the few fields a sale needs. One raw
 * statement: it runs on every 402 and every paid unlock, where Prisma's query with `include: { site: true }`
 * cost about ten times the statement (≈ 1 ms of CPU, compiling a select of both tables' every column).
 * Flags travel as 0/1 and the price as text, so both databases' drivers decode them alike.
 */
export async function contentForSale(lookup: SaleLookup): Promise<ContentForSale[]> {
  const rows = await db.$queryRaw<Row[]>(saleLookupSql(lookup));
  return rows.map(({ domain, ownerWallet, feeWallet, hosted, removed, priceAtomic, ...content }) => ({
    ...content,
    priceAtomic: BigInt(priceAtomic),
    site: { domain, ownerWallet, feeWallet, hosted: Number(hosted) === 1, removed: Number(removed) === 1 },
  }));
}
