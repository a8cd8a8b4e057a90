import "server-only";
import { randomUUID } from "node:crypto";
import { db, type DbOrTx } from "@/lib/db";
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
 * Adds to one DailyMetric row, creating it on first use, in a single INSERT … ON CONFLICT DO UPDATE
 * statement (same SQL on SQLite and PostgreSQL). A Prisma upsert is a read then a write and two
 * concurrent first writers of a day would collide on PostgreSQL, aborting the caller's transaction.
 */
export async function bumpDailyMetric(delta: MetricDelta, client: DbOrTx = db): Promise<void> {
  const day = delta.day ?? new Date().toISOString().slice(0, 10);
  const { views = 0, unlocks = 0, payments = 0, ratings = 0, revenueAtomic = 0n } = delta;
  await client.$executeRaw`
    INSERT INTO "DailyMetric" ("id", "network", "siteId", "contentId", "day", "views", "unlocks", "payments", "ratings", "revenueAtomic")
    VALUES (${randomUUID()}, ${env.NETWORK_MODE}, ${delta.siteId}, ${delta.contentId ?? ""}, ${day}, ${views}, ${unlocks}, ${payments}, ${ratings}, ${revenueAtomic})
    ON CONFLICT ("network", "siteId", "contentId", "day") DO UPDATE SET
      "views" = "DailyMetric"."views" + excluded."views",
      "unlocks" = "DailyMetric"."unlocks" + excluded."unlocks",
      "payments" = "DailyMetric"."payments" + excluded."payments",
      "ratings" = "DailyMetric"."ratings" + excluded."ratings",
      "revenueAtomic" = "DailyMetric"."revenueAtomic" + excluded."revenueAtomic"`;
}
