import { decideResponse, type DecideInput, type DecideResponse } from "@/lib/schemas/judge";
import { enforceJudgeRateLimit } from "./enforce-judge-rate-limit";
import { getScorer } from "./get-scorer";
import { ruleDecision } from "./output-rules";

/**
 * Chooses one candidate for a situation: 501 when decisions are disabled, 429 over the rate for
 * `client`, 502 when the backend gives nothing usable. The choice is always one of the candidates.
 */
export async function judgeDecide({ input, client }: { input: DecideInput; client: string }): Promise<DecideResponse> {
  const scorer = getScorer();
  await enforceJudgeRateLimit({ client });
  const raw = await scorer.decide(input);
  return decideResponse.parse({ success: true, ...ruleDecision(input, raw), model: raw.model, usage: raw.usage });
}
