import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { selectScorer } from "./select-scorer";
import type { Scorer } from "./types";

let cached: { scorer: Scorer | null } | undefined;

/** The configured scorer of this process; throws 501 when decisions are disabled. */
export function getScorer(): Scorer {
  cached ??= { scorer: selectScorer(env) };
  if (!cached.scorer) throw new ApiError("not-implemented", "Decisions are not enabled on this hub (DECISIONS_ENABLED=false)");
  return cached.scorer;
}
