import "server-only";
import { unplannedValue as v } from "@/lib/db";
import type { OrderedStatement } from "@/lib/db-one-trip";
import { Prisma } from "@/lib/generated/sqlite/client";
import { keptReads, type KeptRows } from "@/lib/kept-reads";
import { contentForSale, type ContentForSale } from "./content-for-sale";

export type { KeptRows };

/**
 * Content rows a Gateway sale of a tracked item is priced from without reading them first (lib/kept-reads.ts).
 * The row is the one a sale read last, kept in this process for KEPT_ROW_MS; the sale's own block then
 * checks it (`keptRowCheck`): one statement comparing the row in the database with every value the sale
 * was priced from (price, policy, recipient, title, URL, the site's wallets, domain, hosting and removal).
 * When any differs the block fails before it has written anything, and the request is decided again
 * from a fresh read, which is kept in its place (lib/x402/pay-for-content.ts); so does a request whose
 * kept copy would refuse it.
 *
 * Only a rail that does nothing on chain before its sale may be priced this way (the Gateway rail: its
 * authorization is locked by the sale and settled later). A plain EIP-3009 authorization is settled on
 * chain before its sale is recorded, and a transfer is already on chain, so they are priced from a
 * fresh read; a resource priced from a kept row refuses them (`ReadAgain`, lib/x402).
 */
const KEPT_ROW_MS = 60_000;
/** Rows kept at most; past it the oldest goes. */
const MAX_KEPT_ROWS = 4_096;

const kept = keptReads<ContentForSale[]>("content", MAX_KEPT_ROWS);

/** The rows a lookup by id names (lib/content/content-by-id.ts), from this process's kept copy when it may and has one, else read and kept. */
export function keptSaleRows(lookup: { network: string; contentId: string; siteId?: string }, how: KeptRows): Promise<ContentForSale[]> {
  return kept.lookup(
    `${lookup.network}\n${lookup.contentId}\n${lookup.siteId ?? ""}`,
    how,
    () => contentForSale({ by: "id", ...lookup }),
    (found, now) => (found.length > 0 ? { copy: found.map((row) => kept.mark({ ...row, site: { ...row.site } })), until: now + KEPT_ROW_MS } : null),
  );
}

/** Whether `row` is a kept copy (served by keptSaleRows without a read), which a sale must check in its own block. */
export function isKeptRow(row: ContentForSale): boolean {
  return kept.isKept(row);
}

/**
 * The sale's check of a kept row (an `executeInOrder` check, lib/db-one-trip.ts): 0 while the Content
 * row and its site hold exactly the values `row` has, else 1, which fails the block with `changed()`.
 * Nullable columns are compared through COALESCE, so the statement's shape (PostgreSQL keeps one
 * function per shape) does not depend on which values are null. Both rows are named by their primary
 * keys: with the site's only through the join, SQLite without statistics walked every site and probed
 * the content row for each (lib/content/kept-sale-rows.test.ts checks the plan).
 */
export function keptRowCheck(row: ContentForSale, changed: () => Error): OrderedStatement {
  const s = row.site;
  return {
    check: Prisma.sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM "Content" c JOIN "Site" s ON s."id" = c."siteId"
      WHERE c."id" = ${v(row.id)} AND s."id" = ${v(row.siteId)} AND c."externalId" = ${v(row.externalId)}
        AND c."title" = ${v(row.title)} AND c."url" = ${v(row.url)} AND CAST(c."priceAtomic" AS TEXT) = ${v(row.priceAtomic.toString())}
        AND COALESCE(c."recipientWallet", '') = ${v(row.recipientWallet ?? "")} AND c."accessPolicy" = ${v(row.accessPolicy)}
        AND s."domain" = ${v(s.domain)} AND s."ownerWallet" = ${v(s.ownerWallet)} AND COALESCE(s."feeWallet", '') = ${v(s.feeWallet ?? "")}
        AND (CASE WHEN s."hosted" THEN 1 ELSE 0 END) = ${v(s.hosted ? 1 : 0)}
        AND (CASE WHEN s."removedAt" IS NULL THEN 0 ELSE 1 END) = ${v(s.removed ? 1 : 0)}) THEN 0 ELSE 1 END`,
    atMost: 0n,
    fail: () => {
      kept.changed();
      return changed();
    },
  };
}
