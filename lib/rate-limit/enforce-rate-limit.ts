import { ApiError } from "@/lib/http/errors";
import { metrics } from "@/lib/metrics/metrics";
import { rateLimit, type RateLimitOptions, type RateLimitResult } from "./rate-limit";

/** The standard headers describing a window (draft IETF RateLimit fields plus Retry-After on 429). */
export function rateLimitHeaders(r: RateLimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(r.limit),
    "RateLimit-Remaining": String(r.remaining),
    "RateLimit-Reset": String(r.retryAfterSeconds),
  };
  if (!r.allowed) headers["Retry-After"] = String(r.retryAfterSeconds);
  return headers;
}

/**
 * rateLimit() that throws 429 `rate-limited` (with Retry-After and RateLimit-* headers) once the
 * window is used up; `what` names the limit in the error details.
 */
export async function enforceRateLimit(options: RateLimitOptions & { what: string }): Promise<RateLimitResult> {
  const result = await rateLimit(options);
  if (!result.allowed) {
    metrics().rateLimitRefusals.inc({ limit: options.key.split(":")[0]! });
    throw new ApiError(
      "rate-limited",
      `${options.what}: at most ${options.limit} requests per ${Math.round(options.windowMs / 1000)} s; retry in ${result.retryAfterSeconds} s`,
      rateLimitHeaders(result),
    );
  }
  return result;
}
