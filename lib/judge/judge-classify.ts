import { classifyResponse, type ClassifyInput, type ClassifyResponse } from "@/lib/schemas/judge";
import { enforceJudgeRateLimit } from "./enforce-judge-rate-limit";
import { getScorer } from "./get-scorer";
import { ruleClassification } from "./output-rules";

/** Probability that a page is a single creator-authored content page (callers act at 0.65). */
export async function judgeClassify({ input, client }: { input: ClassifyInput; client: string }): Promise<ClassifyResponse> {
  const scorer = getScorer();
  await enforceJudgeRateLimit({ client });
  const raw = await scorer.classify(input);
  return classifyResponse.parse({ success: true, ...ruleClassification(raw), model: raw.model, usage: raw.usage });
}
