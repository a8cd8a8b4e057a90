import "server-only";
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import { gather, inCluster, onGather } from "@/lib/cluster/worker-bus";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { metrics } from "./metrics";

const GATEWAY_STATUSES = ["locked", "settling", "settled", "failed"] as const;

/**
 * The Prometheus text exposition of this instance: its own counters (requests, RPC calls, events it
 * handled, leader status) plus gauges read from the database at scrape time (payments by rail and
 * status, Gateway authorizations, the oldest unsettled one, held tips), which every instance reports
 * alike. The workers of one instance (HUB_WORKERS) answer as one: the worker serving the scrape gathers
 * the others' instruments through the cluster primary and adds them up (counters, histograms and
 * gauges summed, `hub_settler_leader` so 1 for the whole instance; last-pass times and blocks the
 * latest; `hub_workers` says how many answered); the database gauges are its own, read now.
 */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  const network = env.NETWORK_MODE;
  const [byStatus, oldest, held] = await Promise.all([
    db.payment.groupBy({ by: ["rail", "status"], where: { network }, _count: { _all: true } }),
    db.payment.findFirst({ where: { network, rail: "gateway", status: { in: ["locked", "settling"] } }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
    db.tip.aggregate({ where: { network, status: "held" }, _count: { _all: true }, _sum: { amountAtomic: true, refundedAtomic: true } }),
  ]);
  m.payments.reset();
  for (const row of byStatus) m.payments.set({ rail: row.rail, status: row.status }, row._count._all);
  for (const status of GATEWAY_STATUSES) {
    m.gatewayAuthorizations.set({ status }, byStatus.find((r) => r.rail === "gateway" && r.status === status)?._count._all ?? 0);
  }
  m.oldestUnsettled.set(oldest ? Math.max(0, (Date.now() - oldest.createdAt.getTime()) / 1000) : 0);
  m.tipsHeld.set(held._count._all);
  m.tipsHeldUsdc.set(Number((held._sum.amountAtomic ?? 0n) - (held._sum.refundedAtomic ?? 0n)) / 1e6);
  m.workers.set(1);
  if (!inCluster()) return { contentType: m.registry.contentType, body: await m.registry.metrics() };
  const [own, others] = await Promise.all([m.registry.getMetricsAsJSON(), gather<MetricJson>(GATHER_TOPIC)]);
  const dbGauges = new Set(DB_GAUGES.map((g) => (m[g] as unknown as { name: string }).name));
  const theirs = others.map((list) => list.filter((x) => !dbGauges.has(x.name)));
  const all = AggregatorRegistry.aggregate([own, ...theirs]);
  return { contentType: all.contentType, body: await all.metrics() };
}

type MetricJson = Array<MetricObjectWithValues<MetricValue<string>>>;
const GATHER_TOPIC = "metrics";
/** Gauges read from the database at scrape time: the scraping worker's fresh values, not the sum of every worker's last ones. */
const DB_GAUGES = ["payments", "gatewayAuthorizations", "oldestUnsettled", "tipsHeld", "tipsHeldUsdc"] as const;

/** A worker's part of a scrape another worker serves (registered once at start, instrumentation.ts). */
export function answerMetricsGathers(): void {
  if (!inCluster()) return;
  onGather(GATHER_TOPIC, () => {
    metrics().workers.set(1);
    return metrics().registry.getMetricsAsJSON();
  });
}
