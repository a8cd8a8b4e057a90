import { BaseError, NonceTooLowError } from "viem";
import { retryWhile } from "@/lib/retry-while";

/**
 * True when the node refused a transaction because its nonce was already taken: another sender from
 * the same key (a second worker's immediate settlement, the batch settler of another instance, an
 * operator's script) got a transaction in between this process's nonce read and its send. Such a
 * transaction never existed on chain.
 */
export function isStaleNonce(err: unknown): boolean {
  if (err instanceof BaseError && err.walk((e) => e instanceof NonceTooLowError)) return true;
  return /nonce too low|nonce provided for the transaction is lower/i.test(err instanceof Error ? err.message : String(err));
}

/**
 * Sends again, up to `attempts` times, while the node refuses the send for a stale nonce. Sending again
 * cannot send twice: the refused transaction was never accepted, and viem's nonce manager reads the
 * account's count afresh (or takes the next one) for the new attempt. Any other error is thrown at once.
 */
export function resendOnStaleNonce<T>(send: () => Promise<T>, options?: { attempts?: number; waitMs?: number }): Promise<T> {
  return retryWhile(isStaleNonce, send, options);
}
