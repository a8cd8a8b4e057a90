import "server-only";
import { env } from "@/lib/env";
import { metrics } from "@/lib/metrics/metrics";
import { releaseLeaderLock } from "./acquire-leader-lock";
import { startLeaderLoop, type LeaderLoop } from "./leader-loop";
import { SETTLER_HOLDER, SETTLER_LOCK, settleGatewayBatch } from "./settle-gateway-batch";

/**
 * Runs the batch settler every SETTLE_INTERVAL_MS in this process (0 disables it). Every instance may
 * call it: the database lease elects one settler at a time, and another takes over when it dies.
 * Stopping gives the lease up at once, so another instance takes over without waiting for it to expire.
 */
export function startSettler(): LeaderLoop {
  return startLeaderLoop({
    name: "settler",
    interval: env.SETTLE_INTERVAL_MS,
    pass: () =>
      settleGatewayBatch().then((r) => {
        metrics().settlerLeader.set(r.leader ? 1 : 0);
        return r; // { more: true }: the next pass starts at once
      }),
    afterPass: () => metrics().settlerLastPass.set(Date.now() / 1000),
    onStop: async () => {
      await releaseLeaderLock({ name: SETTLER_LOCK, holder: SETTLER_HOLDER });
      metrics().settlerLeader.set(0);
    },
  });
}
