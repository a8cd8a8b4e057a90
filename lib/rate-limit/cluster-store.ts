import { ask } from "@/lib/cluster/worker-bus";
import type { RateLimitStore } from "./rate-limit-store";

/**
 * Fixed-window counters held by the cluster primary (lib/cluster/primary.mjs, the same counting as
 * ./memory-store.ts), so the workers of one `npm start` share one limit rather than each allowing it.
 * One message to the primary and back per hit.
 */
export function createClusterStore(): RateLimitStore {
  return {
    name: "cluster",
    hit(key, windowMs) {
      return ask<{ count: number; resetAt: number }>("rate-limit:hit", { key, windowMs });
    },
  };
}
