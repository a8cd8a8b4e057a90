// `npm run ops -- status [--json]`: money in flight, as the operator page /ops shows it (payments
// pending, locked, settling and failed with age and reason; held tips per domain; the settler's
// leader, last batch and next run). `npm run ops -- retry <paymentId>`: hand a failed payment back to
// the settler (idempotent; it cannot charge twice). `npm run ops -- counters`: recount every maintained
// counter (ledger totals, content counts) and list any that differ (exit 1). Same configuration as the hub (DATABASE_URL, …).
import { recountCounters } from "../lib/counters/recount-counters";
import { getDb } from "../lib/db";
import { ApiError } from "../lib/http/errors";
import { moneyInFlight, type InFlightPayment } from "../lib/ops/money-in-flight";
import { retryPayment } from "../lib/ops/retry-payment";

const [command, ...rest] = process.argv.slice(2);
const json = rest.includes("--json");

const age = (s: number) => (s < 120 ? `${s}s` : s < 7200 ? `${Math.round(s / 60)}m` : `${Math.round(s / 3600)}h`);
const row = (p: InFlightPayment) =>
  `  ${p.id}  ${p.rail.padEnd(8)} ${p.status.padEnd(9)} ${p.amount.padStart(10)} USDC  age ${age(p.ageSeconds).padEnd(5)} ${p.resource}${p.reason ? `\n      reason: ${p.reason}` : ""}`;

async function status() {
  const v = await moneyInFlight();
  if (json) return console.log(JSON.stringify(v, null, 2));
  const s = v.settler;
  console.log(`money in flight (${v.network}) at ${v.generatedAt}`);
  console.log(`payments: ${v.counts.pending} pending, ${v.counts.locked} locked, ${v.counts.settling} settling, ${v.counts.failed} failed`);
  console.log(`settler: leader ${s.leader ?? "none"}; last pass ${s.lastPassAt ?? "—"}; next run ${s.nextRunAt ?? "—"}`);
  const d = v.depositIndex;
  console.log(`deposit index: ${!d.enabled ? "off" : d.current ? "current" : "behind"}; block ${d.block ?? "—"}; last pass ${d.lastPassAt ?? "—"}${d.lagSeconds === null ? "" : ` (${d.lagSeconds} s ago)`}; follower ${d.leader ?? "none"}`);
  console.log(s.lastBatch ? `last batch: ${s.lastBatch.id} ${s.lastBatch.status}, ${s.lastBatch.itemCount} items${s.lastBatch.txHash ? `, tx ${s.lastBatch.txHash}` : ""}${s.lastBatch.error ? `, ${s.lastBatch.error}` : ""}` : "last batch: none");
  console.log(`\nfailed (retry: npm run ops -- retry <id>):${v.failed.length ? "" : " none"}`);
  v.failed.forEach((p) => console.log(row(p)));
  console.log(`\nunsettled:${v.inFlight.length ? "" : " none"}`);
  v.inFlight.forEach((p) => console.log(row(p)));
  console.log(`\nheld tips:${v.heldTips.length ? "" : " none"}`);
  v.heldTips.forEach((t) => console.log(`  ${t.domain.padEnd(32)} ${String(t.count).padStart(4)} tips ${t.amount.padStart(10)} USDC  oldest ${age(t.oldestAgeSeconds)}`));
}

async function retry() {
  const id = rest.find((a) => !a.startsWith("--"));
  if (!id) throw new Error("usage: npm run ops -- retry <paymentId>");
  const result = await retryPayment({ paymentId: id });
  console.log(json ? JSON.stringify(result) : `${result.paymentId}: ${result.outcome} (${result.status}): ${result.details}`);
}

async function counters() {
  const drift = await recountCounters();
  if (json) console.log(JSON.stringify({ equal: drift.length === 0, drift }, null, 2));
  else if (drift.length === 0) console.log("counters: every maintained counter equals a recount");
  else drift.forEach((d) => console.log(`${d.counter} ${d.key}: kept ${d.kept}, recounted ${d.recounted}`));
  if (drift.length) process.exitCode = 1;
}

async function main() {
  if (command === "status") return status();
  if (command === "retry") return retry();
  if (command === "counters") return counters();
  console.error("usage: npm run ops -- status [--json] | retry <paymentId> [--json] | counters [--json]");
  process.exitCode = 2;
}

main()
  .catch((err) => {
    console.error(err instanceof ApiError ? `${err.code}: ${err.details}` : err);
    process.exitCode = 1;
  })
  .finally(() => getDb().$disconnect());
