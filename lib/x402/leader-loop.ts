import "server-only";
import { isChainUnavailable } from "@/lib/chain/chain-read";
import { logger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/metrics";
import { processState } from "@/lib/process-state";

export type LeaderLoop = { stop: () => Promise<void> };
const loops = processState("leader-loops", () => new Map<string, LeaderLoop>());

/**
 * Runs `pass` every `interval` ms in this process (0: never), one pass at a time, for a singleton job
 * elected by a database lease (the pass takes or renews its lease itself); a pass that resolves to
 * `{ more: true }` is followed by the next at once. A chain outage is expected
 * to pass and is not logged; any other failure is. `afterPass` runs after every pass, failed or not.
 * Idempotent per `name` (a second call, e.g. after a dev hot reload, keeps the first loop). `stop`
 * is graceful: no further pass, the one running finishes, then `onStop` (give the lease up).
 */
export function startLeaderLoop({
  name,
  interval,
  pass,
  afterPass,
  onStop,
}: {
  name: string;
  interval: number;
  pass: () => Promise<unknown>;
  afterPass?: () => void;
  onStop: () => Promise<void>;
}): LeaderLoop {
  const registry = loops();
  const running = registry.get(name);
  if (running) return running;
  let timer: NodeJS.Timeout | undefined;
  let stopped = interval === 0;
  let current: Promise<unknown> | undefined;
  const tick = async () => {
    const done = metrics().backgroundPasses.startTimer({ job: name });
    let result: unknown;
    try {
      current = pass();
      result = await current;
    } catch (err) {
      if (!isChainUnavailable(err)) logger().error({ err }, `${name} pass failed`);
    }
    done();
    afterPass?.();
    if (!stopped) timer = setTimeout(tick, more(result) ? 0 : interval).unref();
  };
  if (!stopped) timer = setTimeout(tick, interval).unref();
  const loop: LeaderLoop = {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current?.catch(() => {});
      await onStop();
    },
  };
  registry.set(name, loop);
  return loop;
}

/** A pass that resolves to `{ more: true }` left work waiting (a settler at its cap of batches): the next starts at once. */
function more(result: unknown): boolean {
  return typeof result === "object" && result !== null && (result as { more?: unknown }).more === true;
}
