import type { ClassifyInput, DecideInput, JudgeUsage, TagsInput } from "@/lib/schemas/judge";
import { stem, termCounts, tokenize } from "./tokenize";
import type { Scorer } from "./types";

/**
 * The embedded local scorer: answers the decision helpers when no provider is configured. It is
 * lexical and deterministic (same input, same answer, no randomness, no network), so its answers
 * are explainable and its confidence is honest: with no lexical evidence it says so (uniform
 * probabilities, low scores) rather than guessing. See the README, "Decision helpers".
 *
 * - decide: BM25 between the query (state, plus instructions at a quarter weight) and each
 *   candidate (its id split into words, plus its context), with IDF computed across the candidates
 *   so words every option shares carry no weight; negated words (`not verified`) only match
 *   negated words. Probabilities are a softmax of the scores (temperature 1/0.9).
 * - classify: a logistic model over documented cue families of a single creator-authored page
 *   (byline, date, prose, content nouns) against listing, shop, account and legal pages.
 * - tags: per tag, how often its words (or a built-in related word, at half weight) occur in the
 *   state, turned into 1 - e^(-1.2·evidence) and scaled by the share of the tag's words found.
 */
export const LOCAL_MODEL = "local-lexical-v1";

function usage(startedAt: number): JudgeUsage {
  return { provider: "local", method: "lexical", promptTokens: 0, completionTokens: 0, totalTokens: 0, requests: 0, latencyMs: Math.round(performance.now() - startedAt) };
}

// ─── decide ────────────────────────────────────────────────────────────────────────────────────────

const K1 = 1.2;
const B = 0.75;
const BETA = 0.9;
const INSTRUCTIONS_WEIGHT = 0.25;

/** "settle-now" / "settleNow" / "settle_now" → "settle now" so ids carry their words. */
function idWords(id: string) {
  return id.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[-_.:/]+/g, " ");
}

export function scoreCandidates(input: Pick<DecideInput, "state" | "instructions" | "candidates">): number[] {
  const docs = input.candidates.map((c) => termCounts(tokenize(`${idWords(c.id)} ${c.context}`)));
  const lengths = docs.map((d) => [...d.values()].reduce((a, b) => a + b, 0));
  const avgLength = Math.max(1, lengths.reduce((a, b) => a + b, 0) / docs.length);
  const n = docs.length;
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  // BM25+'s non-negative IDF: a word in every candidate still weighs a little, never below zero.
  const idf = (t: string) => Math.log(1 + (n - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));

  const query = new Map<string, number>();
  for (const [t, c] of termCounts(tokenize(input.state))) query.set(t, Math.min(c, 3));
  for (const [t, c] of termCounts(tokenize(input.instructions))) query.set(t, (query.get(t) ?? 0) + INSTRUCTIONS_WEIGHT * Math.min(c, 3));

  return docs.map((doc, i) => {
    let score = 0;
    for (const [t, qw] of query) {
      const tf = doc.get(t);
      if (!tf) continue;
      score += qw * idf(t) * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[i]!) / avgLength)));
    }
    return score;
  });
}

export function softmax(scores: number[], beta = BETA): number[] {
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(beta * (s - max)));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

// ─── classify ──────────────────────────────────────────────────────────────────────────────────────

const CONTENT_NOUNS = new Set(
  "essay article post chapter episode track album song video podcast recipe tutorial review guide story poem zine issue print illustration letter column interview photo photograph note newsletter"
    .split(" ")
    .map(stem),
);
const LISTING_WORDS = new Set("home categories category archive archives tags latest recent results sort filter showing browse index directory".split(" ").map(stem));
const APP_WORDS = new Set("cart checkout shop store products pricing plans login register password dashboard settings account signup subscribe".split(" ").map(stem));
const LEGAL_WORDS = new Set("privacy terms cookie cookies careers investors press copyright gdpr".split(" ").map(stem));

/** Feature values of a page, each documented by its name; exported so tests can show why. */
export function pageFeatures(text: string) {
  const tokens = tokenize(text);
  const words = text.split(/\s+/).filter(Boolean);
  const sentences = text.split(/[.!?]+\s/).filter((s) => s.trim().split(/\s+/).length >= 6);
  const lines = text.split(/\n+/).map((l) => l.trim()).filter(Boolean);
  const shortLines = lines.filter((l) => l.split(/\s+/).length <= 4).length;
  const count = (set: Set<string>) => tokens.filter((t) => set.has(t)).length;
  const lower = text.toLowerCase();
  return {
    byline: /\b([Bb]y|[Ww]ritten by|[Aa]uthor:?)\s+\p{Lu}[\p{L}'-]+/u.test(text) || /\b(posted|published) (on|by)\b/i.test(text) ? 1 : 0,
    date: /\b(19|20)\d{2}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)/i.test(text) ? 1 : 0,
    readingTime: /\b\d+\s*(min|minute)s?\s+read\b|\breading time\b/i.test(text) ? 1 : 0,
    prose: Math.min(sentences.length, 8) / 8,
    firstPerson: Math.min(words.filter((w) => /^(i|i'm|i've|my|we|our|me)$/i.test(w)).length, 4) / 4,
    contentNouns: Math.min(count(CONTENT_NOUNS), 3),
    listingWords: Math.min(count(LISTING_WORDS), 4),
    appWords: Math.min(count(APP_WORDS), 4),
    legalWords: Math.min(count(LEGAL_WORDS), 3),
    readMore: Math.min((lower.match(/read more|continue reading|view all|see all|load more|next page|page \d+ of/g) ?? []).length, 4),
    shortLineShare: lines.length >= 6 ? shortLines / lines.length : 0,
    notFound: /\b404\b|not found|page (does not|doesn't) exist/i.test(text) ? 1 : 0,
  };
}

// Weights of the logistic model; the intercept leans "not a content page" when there is no evidence.
const WEIGHTS: Record<keyof ReturnType<typeof pageFeatures>, number> = {
  byline: 1.4,
  date: 0.7,
  readingTime: 1.2,
  prose: 2.2,
  firstPerson: 0.8,
  contentNouns: 0.5,
  listingWords: -0.7,
  appWords: -0.8,
  legalWords: -0.7,
  readMore: -0.9,
  shortLineShare: -1.5,
  notFound: -3,
};
const INTERCEPT = -1.6;

export function pageProbability(text: string): number {
  const f = pageFeatures(text);
  let logit = INTERCEPT;
  for (const [k, w] of Object.entries(WEIGHTS)) logit += w * f[k as keyof typeof f];
  return 1 / (1 + Math.exp(-logit));
}

// ─── tags ──────────────────────────────────────────────────────────────────────────────────────────

// A small related-words list for the content vocabulary the hub sees; a related word is half evidence.
const RELATED: Record<string, string[]> = {
  music: ["album", "song", "track", "beat", "melody", "band", "playlist", "audio", "lofi"],
  video: ["film", "clip", "footage", "episode", "stream", "screencast", "movie"],
  art: ["illustration", "drawing", "painting", "sketch", "print", "artwork", "sketchbook", "poster"],
  photography: ["photo", "camera", "lens", "portrait"],
  writing: ["essay", "letter", "prose", "article", "story", "poem"],
  software: ["code", "programming", "developer", "app", "compiler", "javascript", "typescript"],
  travel: ["trip", "walk", "city", "journey", "map", "atlas"],
  food: ["recipe", "cooking", "kitchen", "bake", "meal"],
  finance: ["money", "investing", "budget", "market", "stock"],
  crypto: ["blockchain", "ethereum", "token", "wallet", "usdc", "onchain"],
  science: ["research", "experiment", "physics", "biology", "chemistry"],
  education: ["course", "lesson", "tutorial", "teach", "learn"],
  podcast: ["episode", "interview", "audio", "show"],
  games: ["game", "gaming", "player", "level"],
};
const RELATED_STEMS = new Map(Object.entries(RELATED).map(([k, v]) => [stem(k), new Set(v.map(stem))]));
const TAG_K = 1.2;

export function tagProbability(tag: string, stateCounts: Map<string, number>): number {
  const words = tokenize(tag.replace(/[-_]+/g, " "));
  if (words.length === 0) return 0;
  const joined = stem(tag.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ""));
  const joinedCount = words.length > 1 ? (stateCounts.get(joined) ?? 0) : 0;

  let found = 0;
  let evidence = 0;
  for (const w of words) {
    let e = stateCounts.get(w) ?? 0;
    for (const [t, c] of stateCounts) {
      if (t === w) continue;
      // photo ~ photograph, illustrat(ion) ~ illustrat(or): a shared prefix of 5+ is half evidence.
      if (t.length >= 5 && w.length >= 5 && (t.startsWith(w) || w.startsWith(t))) e += 0.5 * c;
      else if (RELATED_STEMS.get(w)?.has(t)) e += 0.5 * c;
    }
    if (e > 0) found++;
    evidence += e;
  }
  const coverage = joinedCount > 0 ? 1 : found / words.length;
  const mass = joinedCount > 0 ? joinedCount : evidence / words.length;
  return coverage * coverage * (1 - Math.exp(-TAG_K * mass));
}

// ─── the scorer ────────────────────────────────────────────────────────────────────────────────────

export function createLocalScorer(): Scorer {
  return {
    kind: "local",
    async decide(input: DecideInput) {
      const t0 = performance.now();
      const probs = softmax(scoreCandidates(input));
      let best = 0;
      probs.forEach((p, i) => {
        if (p > probs[best]!) best = i;
      });
      const probabilities = Object.fromEntries(input.candidates.map((c, i) => [c.id, probs[i]!]));
      return { choice: input.candidates[best]!.id, probabilities, model: LOCAL_MODEL, usage: usage(t0) };
    },
    async classify(input: ClassifyInput) {
      const t0 = performance.now();
      return { probability: pageProbability(input.state), model: LOCAL_MODEL, usage: usage(t0) };
    },
    async tags(input: TagsInput) {
      const t0 = performance.now();
      const counts = termCounts(tokenize(input.state));
      const scores = Object.fromEntries(input.candidates.map((tag) => [tag, tagProbability(tag, counts)]));
      return { scores, model: LOCAL_MODEL, usage: usage(t0) };
    },
  };
}
