import "server-only";
import { isChainUnavailable } from "@/lib/chain/chain-read";
import { env } from "@/lib/env";
import { settleGatewayBatch } from "./settle-gateway-batch";

const state = globalThis as typeof globalThis & { __hubSettler?: { stop: () => void } };

/**
 * Runs the batch settler every SETTLE_INTERVAL_MS in this process (0 disables it). Every instance may
 * call it: the database lease elects one settler at a time, and another takes over when it dies.
 * Idempotent (a second call, e.g. after a dev hot reload, keeps the first loop).
 */
export function startSettler(): { stop: () => void } {
  if (state.__hubSettler) return state.__hubSettler;
  const interval = env.SETTLE_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = interval === 0;
  const tick = async () => {
    try {
      await settleGatewayBatch();
    } catch (err) {
      // A chain outage is expected to pass; anything else is a bug worth a log line.
      if (!isChainUnavailable(err)) console.error("[settler] pass failed", err);
    }
    if (!stopped) timer = setTimeout(tick, interval).unref();
  };
  if (!stopped) timer = setTimeout(tick, interval).unref();
  state.__hubSettler = {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
  return state.__hubSettler;
}
