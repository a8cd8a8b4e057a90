import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { type Content, type FacilitatorKey, Prisma, type Site } from "@/lib/generated/sqlite/client";

/**
 * Rows the hub's most frequent requests read by a unique key — a widget event's site and item, a
 * facilitator call's key — each as Prisma's findUnique returns it (every column, the same types on both
 * databases: lib/sites/site-rows.test.ts), in one raw statement. A model query spends about 0.3 ms of
 * the one Node thread in Prisma's query compiler and as much again in its client for what the database
 * answers in microseconds (bench/events.mjs, bench/README.md session 36).
 */

/** A site by id, or null. */
export async function siteById(id: string, client: DbOrTx = db): Promise<Site | null> {
  const rows = await client.$queryRaw<Site[]>`SELECT * FROM "Site" WHERE "id" = ${id}`;
  return rows[0] ?? null;
}

/** A site's item by its own id on a network (the unique key network, siteId, externalId), or null. */
export async function siteItem(client: DbOrTx, { network, siteId, externalId }: { network: string; siteId: string; externalId: string }): Promise<Content | null> {
  const rows = await client.$queryRaw<Content[]>`SELECT * FROM "Content" WHERE "network" = ${network} AND "siteId" = ${siteId} AND "externalId" = ${externalId}`;
  return rows[0] ?? null;
}

/**
 * What a facilitator call needs of its key: the key's own columns it checks and writes, its site, and the
 * site's Content row for the page the call names (null when the hub has none for it, or none was asked).
 */
export type FacilitatorKeySite = { key: Pick<FacilitatorKey, "id" | "revokedAt" | "lastUsedAt">; site: Site; item: Content | null };

/** Every Content column as `"item.<name>"`, read beside the site's `*` (the names are Prisma's, which maps none). */
const ITEM_COLUMNS = Prisma.raw(Object.values(Prisma.ContentScalarFieldEnum).map((name) => `c."${name}" AS "item.${name}"`).join(", "));

/**
 * A facilitator key by the SHA-256 of the whole key (revoked ones included), its site and that site's
 * item `item` (its unique key: network, the key's site, externalId), or null without the key: one
 * statement, where the key, its site and the item were three (on PostgreSQL three round trips a call).
 */
export async function facilitatorKeySite(
  keyHash: string,
  item: { network: string; externalId: string } | null,
  client: DbOrTx = db,
): Promise<FacilitatorKeySite | null> {
  const itemOn = item ? Prisma.sql`c."network" = ${item.network} AND c."siteId" = k."siteId" AND c."externalId" = ${item.externalId}` : Prisma.sql`1 = 0`;
  const rows = await client.$queryRaw<Array<Record<string, unknown>>>`SELECT s.*,
      k."id" AS "keyId", k."revokedAt" AS "keyRevokedAt", k."lastUsedAt" AS "keyLastUsedAt", ${ITEM_COLUMNS}
    FROM "FacilitatorKey" k JOIN "Site" s ON s."id" = k."siteId" LEFT JOIN "Content" c ON ${itemOn}
    WHERE k."keyHash" = ${keyHash}`;
  const row = rows[0];
  if (!row) return null;
  const site: Record<string, unknown> = {};
  const content: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    if (name.startsWith("item.")) content[name.slice(5)] = value;
    else if (name !== "keyId" && name !== "keyRevokedAt" && name !== "keyLastUsedAt") site[name] = value;
  }
  return {
    key: { id: row.keyId as string, revokedAt: row.keyRevokedAt as Date | null, lastUsedAt: row.keyLastUsedAt as Date | null },
    site: site as Site,
    item: content.id == null ? null : (content as Content),
  };
}
