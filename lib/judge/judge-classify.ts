import type { ClassifyInput, ClassifyResponse } from "@/lib/schemas/judge";
import { enforceJudgeRateLimit } from "./enforce-judge-rate-limit";
import { getScorer } from "./get-scorer";
import { ruleClassification } from "./output-rules";

/**
 * Probability that a page is a single creator-authored content page (callers act at 0.65). Built
 * field by field, not parsed: the route wrapper checks the answer (outside production) and
 * e2e/api/mcp.test.ts the MCP tool's.
 */
export async function judgeClassify({ input, client }: { input: ClassifyInput; client: string }): Promise<ClassifyResponse> {
  const scorer = getScorer();
  await enforceJudgeRateLimit({ client });
  const raw = await scorer.classify(input);
  const { probability } = ruleClassification(raw);
  return { success: true, probability, model: raw.model, usage: raw.usage };
}
