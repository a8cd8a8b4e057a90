import type { DecideInput, DecideResponse } from "@/lib/schemas/judge";
import { enforceJudgeRateLimit } from "./enforce-judge-rate-limit";
import { getScorer } from "./get-scorer";
import { ruleDecision } from "./output-rules";

/**
 * Chooses one candidate for a situation: 501 when decisions are disabled, 429 over the rate for
 * `client`, 502 when the backend gives nothing usable. The choice is always one of the candidates.
 * The answer is built field by field from the output rules (which check the backend's reply), not
 * parsed: the route wrapper checks it (outside production) and e2e/api/mcp.test.ts the MCP tool's.
 */
export async function judgeDecide({ input, client }: { input: DecideInput; client: string }): Promise<DecideResponse> {
  const scorer = getScorer();
  await enforceJudgeRateLimit({ client });
  const raw = await scorer.decide(input);
  const { choice, confidence, probabilities } = ruleDecision(input, raw);
  return { success: true, choice, confidence, probabilities, model: raw.model, usage: raw.usage };
}
