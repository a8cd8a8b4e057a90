import { createFixedWindows } from "./fixed-windows.mjs";
import type { RateLimitStore } from "./rate-limit-store";

/**
 * Fixed-window counters in this process's memory: the store of a single hub process. The workers of
 * one `npm start` share the cluster primary's counters instead (./cluster-store.ts); behind a load
 * balancer each instance would count alone, so several instances share a Redis store.
 */
export function createMemoryStore(): RateLimitStore {
  const windows = createFixedWindows();
  return {
    name: "memory",
    async hit(key, windowMs) {
      return windows.hit(key, windowMs);
    },
  };
}
