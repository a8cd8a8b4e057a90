import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import type { Content, Site } from "@/lib/generated/sqlite/client";

/**
 * The rows a widget event reads, each as Prisma's findUnique returns it (every column, the same types on
 * both databases: lib/events/event-rows.test.ts), in one raw statement: a model query spends about
 * 0.5 ms of the one Node thread in Prisma's query compiler and client for what the database answers in
 * microseconds, and every page a creator's site serves sends an event (bench/events.mjs).
 */

/** The site an event names by id, or null. */
export async function siteForEvent(id: string, client: DbOrTx = db): Promise<Site | null> {
  const rows = await client.$queryRaw<Site[]>`SELECT * FROM "Site" WHERE "id" = ${id}`;
  return rows[0] ?? null;
}

/** A site's item by its own id on a network (the unique key network, siteId, externalId), or null. */
export async function contentForEvent(client: DbOrTx, { network, siteId, externalId }: { network: string; siteId: string; externalId: string }): Promise<Content | null> {
  const rows = await client.$queryRaw<Content[]>`SELECT * FROM "Content" WHERE "network" = ${network} AND "siteId" = ${siteId} AND "externalId" = ${externalId}`;
  return rows[0] ?? null;
}
