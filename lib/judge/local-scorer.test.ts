import { describe, expect, it } from "vitest";
import set from "./fixtures/labelled-set.json";
import { createLocalScorer, LOCAL_MODEL, pageProbability, scoreCandidates, softmax } from "./local-scorer";
import { ruleDecision, ruleTags } from "./output-rules";
import { JUDGE_THRESHOLDS } from "./thresholds";

type DecideCase = (typeof set.decide)[number] & { hard?: boolean };
type ClassifyCase = (typeof set.classify)[number] & { hard?: boolean };
type TagsCase = (typeof set.tags)[number] & { hard?: boolean };

const scorer = createLocalScorer();
const pct = (n: number, d: number) => `${n}/${d} (${((100 * n) / d).toFixed(0)}%)`;

describe("the local scorer on the labelled set (lib/judge/fixtures/labelled-set.json)", () => {
  it("chooses the labelled candidate for most decide cases, and is rarely confidently wrong", async () => {
    let right = 0;
    const confidentlyWrong: string[] = [];
    for (const c of set.decide as DecideCase[]) {
      const input = { ...c, questionId: "choice", candidates: c.candidates.map((x) => ({ id: x.id, context: x.context })) };
      const answer = ruleDecision(input, await scorer.decide(input));
      if (answer.choice === c.expected) right++;
      else if (answer.confidence >= JUDGE_THRESHOLDS.settleVersusHold) confidentlyWrong.push(c.name);
    }
    console.log(`local scorer, decide: ${pct(right, set.decide.length)} right; wrong at ≥0.65 confidence: ${confidentlyWrong.length}`);
    expect(right / set.decide.length).toBeGreaterThanOrEqual(0.85);
    expect(confidentlyWrong).toEqual([]);
  });

  it("classifies most pages right at the 0.65 threshold", async () => {
    let right = 0;
    for (const c of set.classify as ClassifyCase[]) {
      const { probability } = await scorer.classify({ state: c.state });
      if ((probability! >= JUDGE_THRESHOLDS.pageClassification) === c.expected) right++;
    }
    console.log(`local scorer, classify: ${pct(right, set.classify.length)} right at 0.65`);
    expect(right / set.classify.length).toBeGreaterThanOrEqual(0.8);
  });

  it("tags with high precision at the 0.6 threshold", async () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const c of set.tags as TagsCase[]) {
      const input = { state: c.state, candidates: c.candidates, topK: 10, minProbability: JUDGE_THRESHOLDS.tags };
      const { tags } = ruleTags(input, await scorer.tags(input));
      const got = tags.map((t) => t.tag);
      for (const t of got) {
        if (c.expected.includes(t)) tp++;
        else fp++;
      }
      for (const t of c.expected) if (!got.includes(t)) fn++;
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(`local scorer, tags at 0.6: precision ${precision.toFixed(2)}, recall ${recall.toFixed(2)} (${tp} right, ${fp} wrong, ${fn} missed)`);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.6);
  });
});

describe("the local scorer's behaviour", () => {
  const decide = {
    state: "The domain is verified and the owner wallet is known.",
    instructions: "Pick one.",
    questionId: "choice",
    candidates: [
      { id: "settle", context: "verified owner wallet known" },
      { id: "hold", context: "not verified, owner unknown" },
    ],
  };

  it("is deterministic and says which model answered", async () => {
    const a = await scorer.decide(decide);
    const b = await scorer.decide(decide);
    expect(a.probabilities).toEqual(b.probabilities);
    expect(a).toMatchObject({ choice: "settle", model: LOCAL_MODEL, usage: { provider: "local", method: "lexical", requests: 0, totalTokens: 0 } });
  });

  it("does not count a negated word as evidence for it", async () => {
    const negated = await scorer.decide({ ...decide, state: "The domain is not verified and the owner is unknown." });
    expect(negated.choice).toBe("hold");
  });

  it("gives uniform probabilities when nothing matches, so no threshold is met", async () => {
    const none = await scorer.decide({ ...decide, state: "Zebras graze quietly.", instructions: "Consider it." });
    expect(Object.values(none.probabilities!)).toEqual([0.5, 0.5]);
  });

  it("softmax sums to 1 and prefers higher scores", () => {
    const p = softmax([0, 1, 3]);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(p[2]).toBeGreaterThan(p[1]!);
    expect(scoreCandidates({ ...decide }).every((s) => s >= 0)).toBe(true);
  });

  it("scores a listing page low and a bylined essay high", () => {
    expect(pageProbability("Home\nArchive\nCategories\nRead more\nRead more\nNext page")).toBeLessThan(0.1);
    expect(pageProbability(set.classify[0]!.state)).toBeGreaterThan(0.9);
  });

  it("scores a tag mentioned once above the 0.6 threshold and one related word (half evidence) below it", async () => {
    const { scores } = await scorer.tags({ state: "A lofi mixtape.", candidates: ["lofi", "music", "travel"], topK: 3, minProbability: 0 });
    expect(scores.lofi).toBeGreaterThanOrEqual(0.6);
    expect(scores.music).toBeGreaterThan(0);
    expect(scores.music).toBeLessThan(0.6);
    expect(scores.travel).toBe(0);
  });
});
