// `npm run settle`: one pass of the Gateway batch settler against DATABASE_URL and RPC_URL (the same
// configuration as the hub); `-- --watch` keeps settling every SETTLE_INTERVAL_MS, and at once after a
// pass that filled its batches while more wait, as the app's loop does (run it as a separate worker and
// set SETTLE_INTERVAL_MS=0 on the app instances). The database lease makes
// concurrent settlers safe: only one of them works at a time.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { disconnectDbs } from "../lib/db";
import { getEnv } from "../lib/env";
import { releaseLeaderLock } from "../lib/x402/acquire-leader-lock";
import { settleGatewayBatch, SETTLER_LOCK } from "../lib/x402/settle-gateway-batch";

const watch = process.argv.includes("--watch");
const holder = `cli:${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

async function pass(): Promise<boolean> {
  const result = await settleGatewayBatch({ holder });
  if (!result.leader) console.log("another settler holds the lease; nothing done");
  else console.log(`batches ${result.batches}, settled ${result.settled}, failed ${result.failed}, requeued ${result.requeued}, reconciled ${result.reconciled}${result.more ? "; more wait" : ""}`);
  return result.more;
}

async function main() {
  let more = await pass();
  if (!watch) return;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void releaseLeaderLock({ name: SETTLER_LOCK, holder }).finally(() => process.exit(0)));
  }
  const interval = getEnv().SETTLE_INTERVAL_MS || 5_000;
  for (;;) {
    if (!more) await new Promise((r) => setTimeout(r, interval));
    more = await pass().catch((err) => {
      console.error("[settle]", err instanceof Error ? err.message : err);
      return false;
    });
  }
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  // Hand the lease back at once: the next settler (the app, or this command again) need not wait for it to expire.
  .finally(() => releaseLeaderLock({ name: SETTLER_LOCK, holder }).finally(disconnectDbs));
