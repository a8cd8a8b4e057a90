import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import type { Content, FacilitatorKey, Site } from "@/lib/generated/sqlite/client";

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

/** What a facilitator call needs of its key: the key's own columns it checks and writes, and its site. */
export type FacilitatorKeySite = { key: Pick<FacilitatorKey, "id" | "revokedAt" | "lastUsedAt">; site: Site };

/**
 * A facilitator key by the SHA-256 of the whole key (revoked ones included) and its site, or null: one
 * statement, where the key and then its site were two (on PostgreSQL two round trips a call).
 */
export async function facilitatorKeySite(keyHash: string, client: DbOrTx = db): Promise<FacilitatorKeySite | null> {
  const rows = await client.$queryRaw<Array<Site & { keyId: string; keyRevokedAt: Date | null; keyLastUsedAt: Date | null }>>`SELECT s.*,
      k."id" AS "keyId", k."revokedAt" AS "keyRevokedAt", k."lastUsedAt" AS "keyLastUsedAt"
    FROM "FacilitatorKey" k JOIN "Site" s ON s."id" = k."siteId" WHERE k."keyHash" = ${keyHash}`;
  const row = rows[0];
  if (!row) return null;
  const { keyId, keyRevokedAt, keyLastUsedAt, ...site } = row;
  return { key: { id: keyId, revokedAt: keyRevokedAt, lastUsedAt: keyLastUsedAt }, site };
}
