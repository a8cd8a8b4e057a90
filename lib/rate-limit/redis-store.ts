import Redis from "ioredis";
import type { RateLimitStore } from "./rate-limit-store";

// INCR and the window's expiry in one atomic step: the first hit of a window starts its clock in
// Redis, so every app instance sees the same window whatever their own clocks say.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type HitClient = Redis & { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Fixed-window counters in Redis, shared by every hub instance that points at the same server.
 * Commands time out after a second so a dead Redis slows no request for long (the caller falls
 * back to counting in memory).
 */
export function createRedisStore(url: string, prefix = "hub:rl:"): RateLimitStore & { client: Redis; close(): Promise<void> } {
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    commandTimeout: 1_000,
    enableAutoPipelining: true,
    lazyConnect: false,
  }) as HitClient;
  client.on("error", () => {
    // Reported where a command fails; ioredis keeps reconnecting in the background.
  });
  client.defineCommand("rateLimitHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  return {
    name: "redis",
    client,
    async hit(key, windowMs) {
      const [count, ttl] = await client.rateLimitHit(prefix + key, windowMs);
      return { count: Number(count), resetAt: Date.now() + Number(ttl) };
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
