import "server-only";
import { lifecycle } from "@/lib/lifecycle/lifecycle";
import { logger } from "@/lib/log/logger";
import { processState } from "@/lib/process-state";

/** How long a counted view waits to be written with the others (a counter, not money). */
export const COUNT_FLUSH_MS = 1_000;

export type CountBatch<T> = Array<{ key: string; item: T; count: number }>;

type State<T> = { pending: Map<string, { item: T; count: number }>; timer: ReturnType<typeof setTimeout> | null; drainHooked: boolean };

/**
 * Counts that happen on a page's path (a reader's view) and are written together: added up in
 * memory per key, handed to `write` at most COUNT_FLUSH_MS later in one call, and once more when the
 * instance drains; a failed write keeps its counts (added to any counted since) for the next flush,
 * so a crash loses at most a second's counts. One mechanism for every kind of view (blog posts,
 * shares); `name` keeps each kind's batch apart.
 */
export function batchedCounts<T>(name: string, write: (batch: CountBatch<T>, now: Date) => Promise<void>) {
  const state = processState(`batched-counts.${name}`, (): State<T> => ({ pending: new Map(), timer: null, drainHooked: false }));

  function keep(s: State<T>, key: string, item: T, count: number) {
    const row = s.pending.get(key);
    if (row) row.count += count;
    else s.pending.set(key, { item, count });
  }

  function schedule(s: State<T>): void {
    if (s.timer) return;
    s.timer = setTimeout(() => {
      s.timer = null;
      flush().catch((err) => logger().error({ err }, `${name}: flush failed; kept for the next one`));
    }, COUNT_FLUSH_MS);
    s.timer.unref?.();
  }

  /** Writes what was counted so far. */
  async function flush(now = new Date()): Promise<void> {
    const s = state();
    const batch = s.pending;
    if (batch.size === 0) return;
    s.pending = new Map();
    try {
      await write([...batch].map(([key, { item, count }]) => ({ key, item, count })), now);
    } catch (err) {
      for (const [key, { item, count }] of batch) keep(s, key, item, count);
      schedule(s);
      throw err;
    }
  }

  /** Counts one occurrence of `key`; nothing is written on the caller's path. */
  function count(key: string, item: T): void {
    const s = state();
    keep(s, key, item, 1);
    if (!s.drainHooked) {
      s.drainHooked = true;
      lifecycle().onDrain(() => flush());
    }
    schedule(s);
  }

  return { count, flush };
}
