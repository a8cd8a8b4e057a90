import { ApiError } from "@/lib/http/errors";
import type { AccessDecision } from "./decide-access";

/** The error a refusing decision answers with (404, 410, 419, 403 with a named code), or null. */
export function decisionError(decision: AccessDecision): ApiError | null {
  switch (decision.outcome) {
    case "not-found":
      return new ApiError("not-found", "No published share with this slug");
    case "gone":
      return new ApiError("gone", "This share was revoked by its owner");
    case "expired":
      return new ApiError("expired", "This share has expired: no new unlocks (access already granted persists)");
    case "deny":
      return new ApiError(decision.code, decision.details);
    default:
      return null;
  }
}
