import { metrics } from "@/lib/metrics/metrics";
import { logger } from "./logger";

type Ids = Record<string, string | number | bigint | null | undefined>;

export type MoneyEvent =
  | { event: "payment.recorded"; rail: string; status: string; paymentId: string; payer: string; amount: bigint; resource: string }
  | { event: "payment.settled"; rail: string; paymentId: string; txHash?: string | null; batchId?: string | null }
  | { event: "payment.failed"; rail: string; paymentId: string; reason: string }
  | { event: "payment.retried"; rail: string; paymentId: string; outcome: string }
  | ({ event: "tip.settled" | "tip.held" | "tip.released" | "tip.refunded" } & Ids);

/**
 * Logs one money event once, as one JSON line (`msg` is the event name) with the ids that trace it,
 * and counts it in the metrics. Call it after the write it reports has committed.
 */
export function moneyEvent(e: MoneyEvent): void {
  const fields = Object.fromEntries(Object.entries(e).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]));
  const level = e.event === "payment.failed" ? "warn" : "info";
  logger()[level](fields, e.event);
  const m = metrics();
  const [kind, what] = e.event.split(".") as [string, string];
  if (kind === "tip") m.tipEvents.inc({ event: what });
  else if (e.event === "payment.recorded") m.paymentEvents.inc({ rail: e.rail, status: e.status });
  else if (e.event === "payment.settled" || e.event === "payment.failed") m.paymentEvents.inc({ rail: e.rail, status: what });
}
