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
 * the caller's transaction. Deltas naming one row are added together (PostgreSQL refuses to update a
 * row twice in a statement), and rows are written in key order, so two transactions that move the same
 * rows lock them in the same order and cannot deadlock (docs/decisions.md, one lock order).
 */
export async function bumpDailyMetric(deltas: MetricDelta | MetricDelta[], client: DbOrTx = db): Promise<void> {
  const statement = dailyMetricStatement(deltas);
  if (statement) await client.$executeRaw(statement);
}

/** bumpDailyMetric's one statement, for a caller that runs it with others (lib/db-one-trip.ts); null when there is nothing to add. */
export function dailyMetricStatement(deltas: MetricDelta | MetricDelta[]): Prisma.Sql | null {
  const today = new Date().toISOString().slice(0, 10);
  const merged = new Map<string, Required<MetricDelta>>();
  for (const delta of Array.isArray(deltas) ? deltas : [deltas]) {
    const row = { views: 0, unlocks: 0, payments: 0, ratings: 0, revenueAtomic: 0n, ...delta, contentId: delta.contentId ?? "", day: delta.day ?? today };
    const key = JSON.stringify([row.siteId, row.contentId, row.day]);
    const seen = merged.get(key);
    if (!seen) merged.set(key, row);
    else {
      seen.views += row.views;
      seen.unlocks += row.unlocks;
      seen.payments += row.payments;
      seen.ratings += row.ratings;
      seen.revenueAtomic += row.revenueAtomic;
    }
  }
  if (merged.size === 0) return null;
  const rows = [...merged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) =>
    Prisma.sql`(${randomUUID()}, ${env.NETWORK_MODE}, ${r.siteId}, ${r.contentId}, ${r.day}, ${r.views}, ${r.unlocks}, ${r.payments}, ${r.ratings}, ${r.revenueAtomic})`,
  );
  return Prisma.sql`
    INSERT INTO "DailyMetric" ("id", "network", "siteId", "contentId", "day", "views", "unlocks", "payments", "ratings", "revenueAtomic")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("network", "siteId", "contentId", "day") DO UPDATE SET
      "views" = "DailyMetric"."views" + excluded."views",
      "unlocks" = "DailyMetric"."unlocks" + excluded."unlocks",
      "payments" = "DailyMetric"."payments" + excluded."payments",
      "ratings" = "DailyMetric"."ratings" + excluded."ratings",
      "revenueAtomic" = "DailyMetric"."revenueAtomic" + excluded."revenueAtomic"`;
}
