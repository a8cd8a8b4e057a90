import { ApiError } from "@/lib/http/errors";
import type { AccessDecision } from "@/lib/quickshare/decide-access";
import { decisionError } from "@/lib/quickshare/decision-error";

/** The error a refusing decision answers with for a post: 404 for drafts and unknown posts, else the shared denials (403). */
export function postDecisionError(decision: AccessDecision, what: string): ApiError | null {
  if (decision.outcome === "not-found") return new ApiError("not-found", `No published post at ${what}`);
  if (decision.outcome === "deny" && decision.code === "not-invited") {
    return new ApiError("not-invited", decision.details.replace("This share is", "This post is").replace("share", "post"));
  }
  return decisionError(decision);
}
