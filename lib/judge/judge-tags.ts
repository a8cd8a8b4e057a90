import { tagsResponse, type TagsInput, type TagsResponse } from "@/lib/schemas/judge";
import { enforceJudgeRateLimit } from "./enforce-judge-rate-limit";
import { getScorer } from "./get-scorer";
import { ruleTags } from "./output-rules";

/** Scores candidate tags for a text: the best topK at or above minProbability (callers act at 0.6). */
export async function judgeTags({ input, client }: { input: TagsInput; client: string }): Promise<TagsResponse> {
  const scorer = getScorer();
  await enforceJudgeRateLimit({ client });
  const raw = await scorer.tags(input);
  return tagsResponse.parse({ success: true, ...ruleTags(input, raw), model: raw.model, usage: raw.usage });
}
