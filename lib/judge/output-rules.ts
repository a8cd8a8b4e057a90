import { ApiError } from "@/lib/http/errors";
import type { DecideInput, TagsInput } from "@/lib/schemas/judge";
import type { RawClassification, RawDecision, RawTagScores } from "./types";

/*
 * The interface's output rules, applied to every answer whoever gave it: the chosen id must be one
 * of the candidates (compared case-insensitively, returned as the caller spelled it), scores are
 * clamped to 0..1, and an empty or unusable answer is a 502, never a guess.
 */

export function clamp01(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.min(1, Math.max(0, n));
}

function quote(s: string) {
  const short = s.length > 60 ? `${s.slice(0, 60)}…` : s;
  return JSON.stringify(short);
}

/** Looks a model-spelled key up among the caller's spellings, ignoring case and outer whitespace. */
function byCaseInsensitiveKey(values: Record<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of Object.entries(values)) out.set(k.trim().toLowerCase(), Number(v));
  return out;
}

/** Chosen id checked against the candidates; probabilities clamped, and normalised when they sum above 1. */
export function ruleDecision(input: DecideInput, raw: RawDecision) {
  const said = (raw.choice ?? "").trim().replace(/^["'`]+|["'`]+$/g, "");
  if (!said) throw new ApiError("bad-gateway", "The decision model gave an empty answer");
  const chosen = input.candidates.find((c) => c.id.toLowerCase() === said.toLowerCase());
  if (!chosen) throw new ApiError("bad-gateway", `The decision model chose ${quote(said)}, which is not one of the candidate ids`);
  if (!raw.probabilities) throw new ApiError("bad-gateway", "The decision model gave no probabilities");

  const given = byCaseInsensitiveKey(raw.probabilities);
  const probabilities: Record<string, number> = {};
  for (const c of input.candidates) probabilities[c.id] = clamp01(given.get(c.id.toLowerCase()) ?? 0);
  const sum = Object.values(probabilities).reduce((a, b) => a + b, 0);
  if (sum > 1) for (const id of Object.keys(probabilities)) probabilities[id] = probabilities[id]! / sum;
  return { choice: chosen.id, confidence: probabilities[chosen.id]!, probabilities };
}

export function ruleClassification(raw: RawClassification) {
  if (raw.probability === null || raw.probability === undefined || Number.isNaN(raw.probability)) {
    throw new ApiError("bad-gateway", "The decision model gave no probability");
  }
  return { probability: clamp01(raw.probability) };
}

/** Candidate tags the model scored, clamped, best first (ties keep the caller's order), filtered and cut to topK. */
export function ruleTags(input: TagsInput, raw: RawTagScores) {
  const given = byCaseInsensitiveKey(raw.scores ?? {});
  const scored = input.candidates
    .map((tag, i) => ({ tag, i, value: given.get(tag.toLowerCase()) }))
    .filter((t): t is { tag: string; i: number; value: number } => t.value !== undefined && !Number.isNaN(t.value));
  if (scored.length === 0) throw new ApiError("bad-gateway", "The decision model scored none of the candidate tags");
  const tags = scored
    .map((t) => ({ tag: t.tag, i: t.i, probability: clamp01(t.value) }))
    .sort((a, b) => b.probability - a.probability || a.i - b.i)
    .filter((t) => t.probability >= input.minProbability)
    .slice(0, input.topK)
    .map(({ tag, probability }) => ({ tag, probability }));
  return { tags };
}
