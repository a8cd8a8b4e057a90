import type { ClassifyInput, DecideInput, JudgeUsage, TagsInput } from "@/lib/schemas/judge";

/**
 * What a scorer (the provider client or the local scorer) answers, before the output rules are
 * applied: keys are spelled as the model spelled them, numbers are as the model gave them.
 */
export type RawDecision = { choice: string; probabilities: Record<string, number> | null };
export type RawClassification = { probability: number | null };
export type RawTagScores = { scores: Record<string, number> };

export type Answer<T> = T & { model: string; usage: JudgeUsage };

/** One backend of the decision helpers. Methods throw ApiError("bad-gateway") when they get nothing usable. */
export type Scorer = {
  kind: "openai-compatible" | "local";
  decide(input: DecideInput): Promise<Answer<RawDecision>>;
  classify(input: ClassifyInput): Promise<Answer<RawClassification>>;
  tags(input: TagsInput): Promise<Answer<RawTagScores>>;
};
