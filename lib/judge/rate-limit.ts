import type Redis from "ioredis";

/*
 * A sliding-window rate limiter with a small store interface: in memory for one process, or in
 * Redis (one sorted set per key, updated atomically by a Lua script) so every app instance shares
 * the count. A request is counted only when it is allowed.
 *
 * NOTE: lib/rate-limit/ (branch `sites`, widget events) is a second limiter written in parallel;
 * the two should be merged into one module.
 */

export type RateLimitResult = {
  allowed: boolean;
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** When a denied caller may retry (0 when allowed). */
  retryAfterMs: number;
};

export type RateLimitStore = {
  /** Records a hit at `now` if fewer than `limit` hits fall within the last `windowMs`. */
  hit(key: string, limit: number, windowMs: number, now: number): Promise<RateLimitResult>;
};

/** One process's memory; stale keys are swept as the map grows. */
export function memoryStore(): RateLimitStore {
  const hits = new Map<string, number[]>();
  let lastSweep = 0;
  return {
    async hit(key, limit, windowMs, now) {
      if (now - lastSweep > windowMs) {
        for (const [k, times] of hits) if (times.length === 0 || times.at(-1)! <= now - windowMs) hits.delete(k);
        lastSweep = now;
      }
      const times = (hits.get(key) ?? []).filter((t) => t > now - windowMs);
      if (times.length >= limit) {
        hits.set(key, times);
        return { allowed: false, limit, remaining: 0, retryAfterMs: Math.max(1, times[0]! + windowMs - now) };
      }
      times.push(now);
      hits.set(key, times);
      return { allowed: true, limit, remaining: limit - times.length, retryAfterMs: 0 };
    },
  };
}

// KEYS[1] the window set; ARGV now, windowMs, limit, a unique member for this hit.
const SLIDING_WINDOW = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  return {1, limit - count - 1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {0, 0, tonumber(oldest[2]) + window - now}
`;

/** Redis-backed store shared by every instance; keys are `${prefix}${key}`. */
export function redisStore(redis: Redis, prefix = "hub:rl:"): RateLimitStore {
  let seq = 0;
  return {
    async hit(key, limit, windowMs, now) {
      const member = `${now}:${process.pid}:${++seq}:${Math.random().toString(36).slice(2, 8)}`;
      const [allowed, remaining, retryAfterMs] = (await redis.eval(SLIDING_WINDOW, 1, `${prefix}${key}`, now, windowMs, limit, member)) as [number, number, number];
      return { allowed: allowed === 1, limit, remaining, retryAfterMs: allowed === 1 ? 0 : Math.max(1, retryAfterMs) };
    },
  };
}

/**
 * A store that uses `primary` and, when it fails (Redis down), answers from `fallback` so a
 * Redis outage degrades to per-instance limits instead of refusing or waving through everyone.
 */
export function withFallback(primary: RateLimitStore, fallback: RateLimitStore, onError: (err: unknown) => void): RateLimitStore {
  return {
    async hit(key, limit, windowMs, now) {
      try {
        return await primary.hit(key, limit, windowMs, now);
      } catch (err) {
        onError(err);
        return fallback.hit(key, limit, windowMs, now);
      }
    },
  };
}

export type RateLimiter = { check(key: string): Promise<RateLimitResult> };

export function createRateLimiter(options: { limit: number; windowMs: number; store: RateLimitStore; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  return { check: (key) => options.store.hit(key, options.limit, options.windowMs, now()) };
}
