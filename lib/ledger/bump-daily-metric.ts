import "server-only";
import { randomUUID } from "node:crypto";
import { db, type DbOrTx } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";
import { env } from "@/lib/env";

export type MetricDelta = {
  siteId: string;
  /** "" (default) for the site-level row. */
  contentId?: string;
  /** YYYY-MM-DD (UTC); default today. */
  day?: string;
  views?: number;
  unlocks?: number;
  payments?: number;
  ratings?: number;
  revenueAtomic?: bigint;
};

/**
 * Adds to DailyMetric rows (a site's row and its content's row, say), creating them on first use, in
 * one INSERT … ON CONFLICT DO UPDATE statement (same SQL on SQLite and PostgreSQL). A Prisma upsert is
 * a read then a write and two concurrent first writers of a day would collide on PostgreSQL, aborting
 * the caller's transaction. The deltas must name distinct rows (PostgreSQL refuses to update one row
 * twice in a statement).
 */
export async function bumpDailyMetric(deltas: MetricDelta | MetricDelta[], client: DbOrTx = db): Promise<void> {
  const rows = (Array.isArray(deltas) ? deltas : [deltas]).map((delta) => {
    const day = delta.day ?? new Date().toISOString().slice(0, 10);
    const { views = 0, unlocks = 0, payments = 0, ratings = 0, revenueAtomic = 0n } = delta;
    return Prisma.sql`(${randomUUID()}, ${env.NETWORK_MODE}, ${delta.siteId}, ${delta.contentId ?? ""}, ${day}, ${views}, ${unlocks}, ${payments}, ${ratings}, ${revenueAtomic})`;
  });
  if (rows.length === 0) return;
  await client.$executeRaw`
    INSERT INTO "DailyMetric" ("id", "network", "siteId", "contentId", "day", "views", "unlocks", "payments", "ratings", "revenueAtomic")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("network", "siteId", "contentId", "day") DO UPDATE SET
      "views" = "DailyMetric"."views" + excluded."views",
      "unlocks" = "DailyMetric"."unlocks" + excluded."unlocks",
      "payments" = "DailyMetric"."payments" + excluded."payments",
      "ratings" = "DailyMetric"."ratings" + excluded."ratings",
      "revenueAtomic" = "DailyMetric"."revenueAtomic" + excluded."revenueAtomic"`;
}
