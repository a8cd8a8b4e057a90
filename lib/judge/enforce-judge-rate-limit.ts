import { enforceRateLimit } from "@/lib/rate-limit/enforce-rate-limit";

/** The interface's decision-helper rate: 30 requests per minute per client address. */
export const JUDGE_RATE = { limit: 30, windowMs: 60_000 } as const;

/**
 * Counts one decision-helper request for `client` (its address) and throws 429 `rate-limited` with
 * Retry-After and RateLimit-* headers when it is over the rate. The hub's one limiter
 * (lib/rate-limit): shared through Redis when REDIS_URL is set, per instance otherwise.
 */
export async function enforceJudgeRateLimit({ client }: { client: string }): Promise<void> {
  await enforceRateLimit({ key: `judge:${client}`, ...JUDGE_RATE, what: "Decision helpers, per client address" });
}
