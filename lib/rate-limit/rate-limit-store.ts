/** Where rate-limit windows are counted. `hit` adds one to the key's current window and reports it. */
export type RateLimitStore = {
  name: "memory" | "cluster" | "redis";
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
};
