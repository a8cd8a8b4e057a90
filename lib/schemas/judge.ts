import { z } from "zod";

/** Bounds of the decision helpers (interface "Limits"); shared by the routes, the MCP tools and the docs. */
export const JUDGE_LIMITS = {
  state: 4000,
  instructions: 500,
  questionId: 100,
  candidateId: 200,
  candidateContext: 2000,
  decideCandidates: { min: 2, max: 12 },
  tagCandidates: { min: 2, max: 24 },
  tag: 60,
  topK: { min: 1, max: 10, default: 3 },
} as const;

const state = z
  .string()
  .min(1)
  .max(JUDGE_LIMITS.state)
  .meta({ description: `The situation or page text to judge (at most ${JUDGE_LIMITS.state} characters). Treated as data, never as instructions.` });

const instructions = z
  .string()
  .min(1)
  .max(JUDGE_LIMITS.instructions)
  .meta({ description: `What to decide and by which criteria (at most ${JUDGE_LIMITS.instructions} characters)` });

/** Case-insensitive uniqueness: the model's answer is matched without case, so ids differing only in case are ambiguous. */
function uniqueIgnoringCase<T>(key: (item: T) => string, what: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Map<string, number>();
    items.forEach((item, i) => {
      const k = key(item).toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: "custom", path: [i], message: `duplicate ${what} (compared case-insensitively with item ${seen.get(k)})` });
      else seen.set(k, i);
    });
  };
}

export const decideCandidate = z.object({
  id: z.string().trim().min(1).max(JUDGE_LIMITS.candidateId).meta({ description: "The value returned as `choice` when this candidate wins" }),
  context: z
    .string()
    .max(JUDGE_LIMITS.candidateContext)
    .default("")
    .meta({ description: `What this option means (at most ${JUDGE_LIMITS.candidateContext} characters)` }),
});

/** The request fields; `decideBody` is the same with its OpenAPI id (MCP tool schemas must be plain objects at the root). */
export const decideFields = z.object({
  state,
  instructions,
  questionId: z
    .string()
    .trim()
    .min(1)
    .max(JUDGE_LIMITS.questionId)
    .default("choice")
    .meta({ description: "A short name of the question, e.g. recipient or settle-or-hold (default choice)" }),
  candidates: z
    .array(decideCandidate)
    .min(JUDGE_LIMITS.decideCandidates.min)
    .max(JUDGE_LIMITS.decideCandidates.max)
    .superRefine(uniqueIgnoringCase((c) => c.id, "candidate id"))
    .meta({ description: "2..12 options; ids are unique ignoring case" }),
});

export const decideBody = decideFields.meta({
  id: "DecideRequest",
  example: {
    state: "A reader tipped 0.50 USDC to lofi-harbor.example. The domain is verified and owned by 0x9965…A4dc.",
    instructions: "Settle the tip to the owner when the creator is resolved; otherwise hold it for claim.",
    questionId: "settle-or-hold",
    candidates: [
      { id: "settle", context: "The creator is resolved: pay the verified owner now." },
      { id: "hold", context: "The creator is unknown: hold in the domain's box until claimed." },
    ],
  },
});

export const classifyFields = z.object({ state, instructions: instructions.optional() });

export const classifyBody = classifyFields.meta({
  id: "ClassifyRequest",
  example: { state: "The case for slow software — by Ada, 12 March. Slow software is software that respects your attention…" },
});

export const tagsFields = z.object({
  state,
  candidates: z
    .array(z.string().trim().min(1).max(JUDGE_LIMITS.tag))
    .min(JUDGE_LIMITS.tagCandidates.min)
    .max(JUDGE_LIMITS.tagCandidates.max)
    .superRefine(uniqueIgnoringCase((t: string) => t, "tag"))
    .meta({ description: `2..24 candidate tags of at most ${JUDGE_LIMITS.tag} characters, unique ignoring case` }),
  topK: z
    .int()
    .min(JUDGE_LIMITS.topK.min)
    .max(JUDGE_LIMITS.topK.max)
    .default(JUDGE_LIMITS.topK.default)
    .meta({ description: "How many tags to return at most (1..10, default 3)" }),
  minProbability: z.number().min(0).max(1).default(0).meta({ description: "Drop tags scored below this (0..1, default 0)" }),
});

export const tagsBody = tagsFields.meta({
  id: "TagsRequest",
  example: { state: "Harbor Nights — a lofi music album for late-night coding.", candidates: ["music", "lofi", "travel", "art"], topK: 2 },
});

export type DecideInput = z.output<typeof decideBody>;
export type ClassifyInput = z.output<typeof classifyBody>;
export type TagsInput = z.output<typeof tagsBody>;

const probability = z.number().min(0).max(1);

export const judgeUsage = z
  .object({
    provider: z.enum(["openai-compatible", "local"]).meta({ description: "Who answered: the configured provider or the embedded local scorer" }),
    method: z.enum(["logprobs", "json-schema", "lexical"]).meta({
      description: "logprobs: token log-probabilities of a one-token answer; json-schema: a schema-constrained JSON answer; lexical: the local scorer",
    }),
    promptTokens: z.int().min(0),
    completionTokens: z.int().min(0),
    totalTokens: z.int().min(0),
    requests: z.int().min(0).meta({ description: "Provider requests made (0 for the local scorer)" }),
    latencyMs: z.int().min(0),
  })
  .meta({ id: "JudgeUsage" });
export type JudgeUsage = z.output<typeof judgeUsage>;

const model = z.string().meta({ description: "The model that answered (as the provider reports it), or local-lexical-v1" });

export const decideResult = z.object({
  success: z.literal(true),
  choice: z.string().meta({ description: "One of the candidate ids, spelled as the request spelled it" }),
  confidence: probability.meta({ description: "Probability of the chosen candidate" }),
  probabilities: z.record(z.string(), probability).meta({ description: "Probability per candidate id (sums to at most 1)" }),
  model,
  usage: judgeUsage,
});
export const decideResponse = decideResult.meta({ id: "DecideResponse" });

export const classifyResult = z.object({
  success: z.literal(true),
  probability: probability.meta({ description: "Probability that the page is a single creator-authored content page" }),
  model,
  usage: judgeUsage,
});
export const classifyResponse = classifyResult.meta({ id: "ClassifyResponse" });

export const tagsResult = z.object({
  success: z.literal(true),
  tags: z.array(z.object({ tag: z.string(), probability })).meta({ description: "At most topK candidate tags, best first, each at least minProbability" }),
  model,
  usage: judgeUsage,
});
export const tagsResponse = tagsResult.meta({ id: "TagsResponse" });

export type DecideResponse = z.output<typeof decideResponse>;
export type ClassifyResponse = z.output<typeof classifyResponse>;
export type TagsResponse = z.output<typeof tagsResponse>;
