import Redis from "ioredis";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { createRateLimiter, memoryStore, redisStore, withFallback, type RateLimiter, type RateLimitStore } from "./rate-limit";

/** The interface's decision-helper rate: 30 requests per minute per client address. */
export const JUDGE_RATE = { limit: 30, windowMs: 60_000 } as const;

const globalCache = globalThis as typeof globalThis & { __hubJudgeLimiter?: RateLimiter };

function store(): RateLimitStore {
  const memory = memoryStore();
  if (!env.REDIS_URL) return memory;
  const redis = new Redis(env.REDIS_URL, {
    lazyConnect: false,
    enableOfflineQueue: false, // fail fast while Redis is down instead of queueing behind it
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  let lastWarn = 0;
  redis.on("error", () => {}); // reported by the fallback below, once a minute at most
  return withFallback(redisStore(redis, "hub:judge:"), memory, (err) => {
    if (Date.now() - lastWarn < 60_000) return;
    lastWarn = Date.now();
    console.warn(`[hub] judge rate limit: Redis unavailable, limiting per instance (${(err as Error).message})`);
  });
}

/**
 * Counts one decision-helper request for `client` (its address) and throws 429 with Retry-After
 * when it is over the rate. Shared through Redis when REDIS_URL is set.
 */
export async function enforceJudgeRateLimit({ client }: { client: string }): Promise<void> {
  globalCache.__hubJudgeLimiter ??= createRateLimiter({ ...JUDGE_RATE, store: store() });
  const result = await globalCache.__hubJudgeLimiter.check(client);
  if (result.allowed) return;
  const retryAfter = Math.ceil(result.retryAfterMs / 1000);
  throw new ApiError("rate-limited", `At most ${JUDGE_RATE.limit} decision requests per minute per client address; retry in ${retryAfter} s`, {
    "retry-after": String(retryAfter),
    "ratelimit-limit": String(JUDGE_RATE.limit),
    "ratelimit-remaining": "0",
    "ratelimit-reset": String(retryAfter),
  });
}
