import "server-only";
import type { Tx } from "@/lib/db";
import { Prisma, type Content } from "@/lib/generated/sqlite/client";

/**
 * Writing a site's item from what a page says — a widget event's resource, a facilitated sale's page —
 * for both writers: only the listed fields that change are written, and searchText only when it
 * changes (writing it fires SQLite's text-index trigger, a delete and an insert in FTS5, on every view
 * or sale). One raw statement: a Prisma update spends more of the thread in Prisma than in the database
 * (bench/events.mjs, bench/README.md session 36).
 */

/** The Content columns a page may set: the only names an update writes. */
const LISTED_COLUMNS = ["title", "description", "url", "path", "contentType", "priceAtomic", "recipientWallet", "imageUrl", "accessPolicy", "unlockPolicy", "tags", "tagsTentative"] as const;
export type ListedColumn = (typeof LISTED_COLUMNS)[number];

/** The listed fields that writing `fields` changes on the row (none: a page that only repeats what is listed). */
export function listedChanges<Row extends Record<ListedColumn, unknown>>(row: Row, fields: Partial<Record<ListedColumn, unknown>>): Partial<Pick<Row, ListedColumn>> {
  const changed: Partial<Pick<Row, ListedColumn>> = {};
  for (const [k, v] of Object.entries(fields) as Array<[ListedColumn, Row[ListedColumn]]>) {
    if (LISTED_COLUMNS.includes(k) && v !== undefined && row[k] !== v) changed[k] = v;
  }
  return changed;
}

/**
 * One UPDATE of the item `row`: the changed listed fields, searchText when it differs from the row's,
 * counters added to (views, unlocks, trendScore), lastSeenAt = now, and updatedAt moved as Prisma's
 * @updatedAt would (the score refresh reads it).
 */
export async function updateSiteItem(
  tx: Tx,
  row: Pick<Content, "id" | "searchText">,
  { changed, searchText, add = {}, now }: { changed: Partial<Pick<Content, ListedColumn>>; searchText: string; add?: { views?: number; unlocks?: number; trendScore?: number }; now: Date },
): Promise<void> {
  const sets = Object.entries(changed).map(([k, v]) => Prisma.sql`${Prisma.raw(`"${k}"`)} = ${v}`);
  if (searchText !== row.searchText) sets.push(Prisma.sql`"searchText" = ${searchText}`);
  for (const [k, v] of Object.entries(add)) if (v) sets.push(Prisma.sql`${Prisma.raw(`"${k}"`)} = ${Prisma.raw(`"${k}"`)} + ${v}`);
  sets.push(Prisma.sql`"lastSeenAt" = ${now}`, Prisma.sql`"updatedAt" = ${new Date()}`);
  await tx.$executeRaw`UPDATE "Content" SET ${Prisma.join(sets, ", ")} WHERE "id" = ${row.id}`;
}
