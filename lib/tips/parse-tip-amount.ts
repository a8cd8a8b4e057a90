import { ApiError } from "@/lib/http/errors";
import { parseUsdc } from "@/lib/money";

/** A positive USDC amount from the request (decimal string or number, at most 6 places), or 400 invalid-amount. */
export function parseTipAmount(value: string | number, field = "amount"): bigint {
  let atomic: bigint;
  try {
    atomic = parseUsdc(value);
  } catch {
    throw new ApiError("invalid-amount", `${field}: "${value}" is not a USDC amount (a positive decimal with at most 6 places)`);
  }
  if (atomic <= 0n) throw new ApiError("invalid-amount", `${field}: must be more than 0`);
  return atomic;
}
