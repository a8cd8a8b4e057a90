import type { TagsInput, TagsResponse } from "@/lib/schemas/judge";
import { enforceJudgeRateLimit } from "./enforce-judge-rate-limit";
import { getScorer } from "./get-scorer";
import { ruleTags } from "./output-rules";

/**
 * Scores candidate tags for a text: the best topK at or above minProbability (callers act at 0.6).
 * Built field by field, not parsed: the route wrapper checks the answer (outside production) and
 * e2e/api/mcp.test.ts the MCP tool's.
 */
export async function judgeTags({ input, client }: { input: TagsInput; client: string }): Promise<TagsResponse> {
  const scorer = getScorer();
  await enforceJudgeRateLimit({ client });
  const raw = await scorer.tags(input);
  const { tags } = ruleTags(input, raw);
  return { success: true, tags, model: raw.model, usage: raw.usage };
}
