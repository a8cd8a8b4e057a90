// Fixed-window counters in memory: the counting of lib/rate-limit/memory-store.ts, in plain JavaScript
// so that the cluster primary (lib/cluster/primary.mjs, outside Next's bundles) counts for every
// worker with the same code.

/**
 * A map of fixed windows; `hit(key, windowMs)` adds one to the key's current window (a new one when
 * it has ended) and returns its count and end (epoch ms). Ended windows are swept once a minute, or
 * when more than 50,000 keys are held.
 * @returns {{ hit(key: string, windowMs: number, now?: number): { count: number; resetAt: number } }}
 */
export function createFixedWindows() {
  /** @type {Map<string, { count: number; resetAt: number }>} */
  const windows = new Map();
  let lastSweep = Date.now();
  return {
    hit(key, windowMs, now = Date.now()) {
      if (now - lastSweep > 60_000 || windows.size > 50_000) {
        lastSweep = now;
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetAt: w.resetAt };
    },
  };
}
