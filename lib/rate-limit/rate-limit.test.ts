import { randomUUID } from "node:crypto";
import { Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryStore } from "./memory-store";
import { rateLimit } from "./rate-limit";
import { createRedisStore } from "./redis-store";

const REDIS_URL = "redis://127.0.0.1:6379";

async function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(false));
    socket.connect(6379, "127.0.0.1");
  });
}

describe("rateLimit with the in-memory store", () => {
  it("allows `limit` hits per window, then refuses with a retry time", async () => {
    const store = createMemoryStore();
    const key = `k-${randomUUID()}`;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await rateLimit({ key, limit: 3, windowMs: 60_000, store }));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await rateLimit({ key: `${key}-other`, limit: 3, windowMs: 60_000, store })).allowed).toBe(true);
  });

  it("opens a new window once the old one has passed", async () => {
    const store = createMemoryStore();
    const key = `k-${randomUUID()}`;
    expect((await rateLimit({ key, limit: 1, windowMs: 50, store })).allowed).toBe(true);
    expect((await rateLimit({ key, limit: 1, windowMs: 50, store })).allowed).toBe(false);
    const deadline = Date.now() + 2_000;
    let allowed = false;
    while (!allowed && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      allowed = (await rateLimit({ key, limit: 1, windowMs: 50, store })).allowed;
    }
    expect(allowed).toBe(true);
  });
});

describe("rateLimit with the Redis store", async () => {
  const reachable = await redisReachable();
  if (!reachable) console.warn(`SKIPPED: Redis is not reachable at ${REDIS_URL}; the shared (Redis) rate-limit path was not tested`);
  const stores: Array<ReturnType<typeof createRedisStore>> = [];
  afterAll(async () => Promise.all(stores.map((s) => s.close())));

  it.skipIf(!reachable)("shares one window between two independent clients (two app instances)", async () => {
    const a = createRedisStore(REDIS_URL, "hub:test:rl:");
    const b = createRedisStore(REDIS_URL, "hub:test:rl:");
    stores.push(a, b);
    const key = `shared-${randomUUID()}`;
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await rateLimit({ key, limit: 4, windowMs: 60_000, store: i % 2 ? b : a }));
    expect(seen.map((r) => r.allowed)).toEqual([true, true, true, true, false, false]);
    expect(seen.every((r) => r.store === "redis")).toBe(true);
    const ttl = await a.client.pttl(`hub:test:rl:${key}`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it.skipIf(!reachable)("counts concurrent hits exactly", async () => {
    const a = createRedisStore(REDIS_URL, "hub:test:rl:");
    stores.push(a);
    const key = `burst-${randomUUID()}`;
    const seen = await Promise.all(Array.from({ length: 50 }, () => rateLimit({ key, limit: 20, windowMs: 60_000, store: a })));
    expect(seen.filter((r) => r.allowed)).toHaveLength(20);
  });
});
