import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { metrics } from "./metrics";

const GATEWAY_STATUSES = ["locked", "settling", "settled", "failed"] as const;

/**
 * The Prometheus text exposition of this instance: its own counters (requests, RPC calls, events it
 * handled, leader status) plus gauges read from the database at scrape time (payments by rail and
 * status, Gateway authorizations, the oldest unsettled one, held tips), which every instance reports
 * alike.
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
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}
