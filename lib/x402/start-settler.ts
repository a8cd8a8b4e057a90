import "server-only";
import { isChainUnavailable } from "@/lib/chain/chain-read";
import { env } from "@/lib/env";
import { logger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/metrics";
import { releaseLeaderLock } from "./acquire-leader-lock";
import { SETTLER_HOLDER, SETTLER_LOCK, settleGatewayBatch } from "./settle-gateway-batch";

const state = globalThis as typeof globalThis & { __hubSettler?: { stop: () => Promise<void> } };

/**
 * Runs the batch settler every SETTLE_INTERVAL_MS in this process (0 disables it). Every instance may
 * call it: the database lease elects one settler at a time, and another takes over when it dies.
 * Idempotent (a second call, e.g. after a dev hot reload, keeps the first loop).
 */
export function startSettler(): { stop: () => Promise<void> } {
  if (state.__hubSettler) return state.__hubSettler;
  const interval = env.SETTLE_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = interval === 0;
  let pass: Promise<unknown> | undefined;
  const tick = async () => {
    try {
      pass = settleGatewayBatch().then((r) => metrics().settlerLeader.set(r.leader ? 1 : 0));
      await pass;
    } catch (err) {
      // A chain outage is expected to pass; anything else is a bug worth a log line.
      if (!isChainUnavailable(err)) logger().error({ err }, "settler pass failed");
    }
    metrics().settlerLastPass.set(Date.now() / 1000);
    if (!stopped) timer = setTimeout(tick, interval).unref();
  };
  if (!stopped) timer = setTimeout(tick, interval).unref();
  state.__hubSettler = {
    // Graceful stop: no further pass, the one running finishes, and the lease is given up at once so
    // another instance takes over without waiting for it to expire.
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await pass?.catch(() => {});
      await releaseLeaderLock({ name: SETTLER_LOCK, holder: SETTLER_HOLDER });
      metrics().settlerLeader.set(0);
    },
  };
  return state.__hubSettler;
}
