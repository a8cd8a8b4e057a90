import "server-only";
import { BaseError, HttpRequestError, TimeoutError } from "viem";
import { ApiError } from "@/lib/http/errors";

/** True when `err` is the RPC not answering (connection refused, timeout, HTTP error), not a revert. */
export function isChainUnavailable(err: unknown): boolean {
  if (err instanceof ApiError) return err.code === "chain-unavailable";
  if (!(err instanceof BaseError)) return false;
  return Boolean(err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError));
}

/**
 * Runs chain calls and turns "the RPC does not answer" into ApiError chain-unavailable (503), so a
 * payment route fails fast and commits nothing while the chain is down. Reverts and other errors
 * pass through unchanged.
 */
export async function chainRead<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (isChainUnavailable(err)) {
      const reason = err instanceof BaseError ? err.shortMessage : String(err);
      // The RPC URL stays out of the message: hosted RPC URLs often carry an API key.
      throw new ApiError("chain-unavailable", `Could not ${what}: the chain RPC does not answer (${reason})`);
    }
    throw err;
  }
}
