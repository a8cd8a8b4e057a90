import { ApiError } from "@/lib/http/errors";
import { JUDGE_LIMITS, type TagsInput } from "@/lib/schemas/judge";
import { getScorer } from "./get-scorer";
import { ruleTags } from "./output-rules";
import { JUDGE_THRESHOLDS } from "./thresholds";

export type SuggestTagsInput = {
  title: string;
  description?: string | null;
  /** The vocabulary to choose from, e.g. the tags already in use on this hub. Trimmed, deduplicated ignoring case, first 24 kept. */
  candidates: string[];
  /** The publisher's own tags. When there are any they are returned unchanged and nothing is scored. */
  publisherTags?: string[];
  /** At most this many tentative tags (default 3). */
  topK?: number;
};

export type SuggestedTags = {
  tags: string[];
  /** True when the tags were inferred (store it, e.g. Content.tagsTentative); false for publisher tags or none. */
  tentative: boolean;
  /** Which backend answered (null when nothing was scored). */
  model: string | null;
};

/**
 * Tentative tags for content its publisher did not tag, for the hub's own use (discovery calls it
 * when content arrives without tags). Publisher tags always win and are never overwritten or
 * mixed with inferred ones. Only tags scored at or above 0.6 (JUDGE_THRESHOLDS.tags) are kept.
 * Never throws and is not rate limited: with decisions disabled, fewer than two candidates, or a
 * failing provider it returns no tags.
 */
export async function suggestTags(input: SuggestTagsInput): Promise<SuggestedTags> {
  const publisher = (input.publisherTags ?? []).map((t) => t.trim()).filter(Boolean);
  if (publisher.length > 0) return { tags: publisher, tentative: false, model: null };

  const seen = new Set<string>();
  const candidates: string[] = [];
  for (const raw of input.candidates) {
    const tag = raw.trim();
    if (!tag || tag.length > JUDGE_LIMITS.tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    candidates.push(tag);
    if (candidates.length === JUDGE_LIMITS.tagCandidates.max) break;
  }
  if (candidates.length < JUDGE_LIMITS.tagCandidates.min) return { tags: [], tentative: false, model: null };

  const state = `Title: ${input.title}\nDescription: ${input.description ?? ""}`.slice(0, JUDGE_LIMITS.state);
  const request: TagsInput = {
    state,
    candidates,
    topK: Math.min(Math.max(input.topK ?? JUDGE_LIMITS.topK.default, 1), JUDGE_LIMITS.topK.max),
    minProbability: JUDGE_THRESHOLDS.tags,
  };
  try {
    const raw = await getScorer().tags(request);
    const { tags } = ruleTags(request, raw);
    return { tags: tags.map((t) => t.tag), tentative: tags.length > 0, model: raw.model };
  } catch (err) {
    if (!(err instanceof ApiError)) console.error("[hub] suggestTags failed", err);
    else if (err.code !== "not-implemented") console.warn(`[hub] suggestTags: no tentative tags (${err.details})`);
    return { tags: [], tentative: false, model: null };
  }
}
