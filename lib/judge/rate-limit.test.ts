import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRateLimiter, memoryStore, redisStore, withFallback, type RateLimitStore } from "./rate-limit";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

async function hits(limiter: { check(k: string): Promise<{ allowed: boolean }> }, key: string, n: number) {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push((await limiter.check(key)).allowed);
  return out;
}

function behavesLikeASlidingWindow(makeStore: () => RateLimitStore, key: () => string) {
  it("allows 30 in a minute, refuses the 31st with the time until the oldest expires, then slides", async () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 30, windowMs: 60_000, store: makeStore(), now: c.now });
    const k = key();
    for (let i = 0; i < 30; i++) {
      expect((await limiter.check(k)).allowed).toBe(true);
      c.advance(1_000);
    }
    const denied = await limiter.check(k);
    expect(denied).toMatchObject({ allowed: false, remaining: 0, limit: 30 });
    expect(denied.retryAfterMs).toBe(30_000); // the first hit (t=0) leaves the window at t=60 s; now is t=30 s
    c.advance(30_000);
    expect((await limiter.check(k)).allowed).toBe(true); // the first hit has left the window
    expect((await limiter.check(k)).allowed).toBe(false);
    expect((await limiter.check(key())).allowed).toBe(true); // other keys are independent
  });

  it("does not count refused requests", async () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 1_000, store: makeStore(), now: c.now });
    const k = key();
    expect(await hits(limiter, k, 5)).toEqual([true, true, false, false, false]);
    c.advance(1_001);
    expect(await hits(limiter, k, 3)).toEqual([true, true, false]);
  });
}

describe("memory store", () => {
  let n = 0;
  behavesLikeASlidingWindow(memoryStore, () => `k${++n}`);
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1_000 });
redis.on("error", () => {});
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
const prefix = `test:rl:${randomBytes(6).toString("hex")}:`;

afterAll(async () => {
  if (redisUp) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
});

describe.skipIf(!redisUp)(`Redis store (${REDIS_URL})`, () => {
  let n = 0;
  behavesLikeASlidingWindow(() => redisStore(redis, prefix), () => `k${++n}`);

  it("shares the count between two instances (two limiters on one Redis)", async () => {
    const c = clock();
    const a = createRateLimiter({ limit: 30, windowMs: 60_000, store: redisStore(redis, prefix), now: c.now });
    const b = createRateLimiter({ limit: 30, windowMs: 60_000, store: redisStore(redis, prefix), now: c.now });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).check("shared")));
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
  });
});

describe("fallback", () => {
  it("answers from memory when the primary store fails, and reports the failure", async () => {
    const errors: unknown[] = [];
    const broken: RateLimitStore = { hit: async () => { throw new Error("ECONNREFUSED"); } };
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, store: withFallback(broken, memoryStore(), (e) => errors.push(e)), now: clock().now });
    expect(await hits(limiter, "x", 2)).toEqual([true, false]);
    expect(errors).toHaveLength(2);
  });
});
