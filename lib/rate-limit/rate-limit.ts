import { env } from "@/lib/env";
import { inCluster } from "@/lib/cluster/worker-bus";
import { createClusterStore } from "./cluster-store";
import { createMemoryStore } from "./memory-store";
import type { RateLimitStore } from "./rate-limit-store";
import { createRedisStore } from "./redis-store";
import { processState } from "@/lib/process-state";

export type RateLimitOptions = {
  /** What is counted, e.g. `evt:<siteId>` or `judge:<client ip>`. */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** Defaults to Redis when REDIS_URL is set (shared by every instance), else the cluster primary's memory (shared by this instance's workers), else this process's. */
  store?: RateLimitStore;
};

export type RateLimitResult = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds at which the current window ends. */
  resetAt: number;
  retryAfterSeconds: number;
  store: RateLimitStore["name"];
};

type Stores = { primary: RateLimitStore; fallback: RateLimitStore };
const stores = processState("rate-limit-stores", (): Stores => {
  const fallback = createMemoryStore();
  // One Redis may serve a testnet and a mainnet hub: their counters must not mix.
  const primary = env.REDIS_URL ? createRedisStore(env.REDIS_URL, `hub:${env.NETWORK_MODE}:rl:`) : inCluster() ? createClusterStore() : fallback;
  return { primary, fallback };
});

let lastWarning = 0;

/**
 * Counts one request against `key` in a fixed window and says whether it is allowed. Reusable by
 * any route (event ingestion per site, decision helpers per client). When Redis is configured but
 * does not answer, the request is counted in memory instead (fail-open per instance) and a warning
 * is logged at most once a minute.
 */
export async function rateLimit({ key, limit, windowMs, store }: RateLimitOptions): Promise<RateLimitResult> {
  let used: RateLimitStore;
  let hit: { count: number; resetAt: number };
  if (store) {
    used = store;
    hit = await store.hit(key, windowMs);
  } else {
    const { primary, fallback } = stores();
    used = primary;
    try {
      hit = await primary.hit(key, windowMs);
    } catch (err) {
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        console.warn(`[hub] rate limit store ${primary.name} failed, counting in memory: ${(err as Error).message}`);
      }
      used = fallback;
      hit = await fallback.hit(key, windowMs);
    }
  }
  const allowed = hit.count <= limit;
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - hit.count),
    resetAt: hit.resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000)),
    store: used.name,
  };
}
