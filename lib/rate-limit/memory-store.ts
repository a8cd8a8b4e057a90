import type { RateLimitStore } from "./rate-limit-store";

/**
 * Fixed-window counters in this process's memory: the store of a single hub instance. Behind a
 * load balancer each instance would count alone, so several instances share a Redis store instead.
 */
export function createMemoryStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();
  return {
    name: "memory",
    async hit(key, windowMs) {
      const now = Date.now();
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
