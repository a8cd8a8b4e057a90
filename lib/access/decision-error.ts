import { ApiError } from "@/lib/http/errors";
import type { AccessDecision, AccessNoun } from "./decide-access";

/**
 * The error a refusing decision answers with, or null: 404 (`notFound` names the key), 410 revoked,
 * 419 expired, 403 with the denial's named code.
 */
export function decisionError(decision: AccessDecision, { noun, notFound }: { noun: AccessNoun; notFound: string }): ApiError | null {
  switch (decision.outcome) {
    case "not-found":
      return new ApiError("not-found", notFound);
    case "gone":
      return new ApiError("gone", `This ${noun} was revoked by its owner`);
    case "expired":
      return new ApiError("expired", `This ${noun} has expired: no new unlocks (access already granted persists)`);
    case "deny":
      return new ApiError(decision.code, decision.details);
    default:
      return null;
  }
}
