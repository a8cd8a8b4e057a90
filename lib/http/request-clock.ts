import "server-only";
import { env } from "@/lib/env";
import { ApiError } from "./errors";

/** The header a test names the decision time in (Unix seconds or ISO-8601); ignored unless HUB_TEST_CLOCK is on. */
export const TEST_CLOCK_HEADER = "x-hub-test-now";

/**
 * The time a request is decided at: the wall clock. On a hub started with HUB_TEST_CLOCK=1 (tests
 * only; lib/env.ts refuses it outside a loopback testnet) a request may name it in x-hub-test-now,
 * so tests put a quickshare past its expiry (419) or an unlock proof past its 12-hour window
 * without waiting for either.
 */
export function requestNow(req: Pick<Request, "headers">): Date {
  if (!env.HUB_TEST_CLOCK) return new Date();
  const raw = req.headers.get(TEST_CLOCK_HEADER)?.trim();
  if (!raw) return new Date();
  const at = /^\d{1,12}$/.test(raw) ? new Date(Number(raw) * 1000) : new Date(raw);
  if (Number.isNaN(at.getTime())) throw new ApiError("invalid-request", `${TEST_CLOCK_HEADER}: "${raw}" is neither Unix seconds nor an ISO-8601 time`);
  return at;
}
