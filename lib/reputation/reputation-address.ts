import "server-only";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

export function reputationAddress(): `0x${string}` {
  if (!env.REPUTATION_ADDRESS) throw new ApiError("not-implemented", "No reputation contract is configured (REPUTATION_ADDRESS)");
  return env.REPUTATION_ADDRESS;
}
