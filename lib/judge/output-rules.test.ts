import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { clamp01, ruleClassification, ruleDecision, ruleTags } from "./output-rules";

const input = { state: "s", instructions: "i", questionId: "q", candidates: [{ id: "Settle", context: "" }, { id: "hold", context: "" }] };

function badGateway(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(502);
    return (err as ApiError).details;
  }
  throw new Error("expected a 502");
}

describe("output rules", () => {
  it("matches the chosen id case-insensitively and returns the caller's spelling", () => {
    expect(ruleDecision(input, { choice: " SETTLE ", probabilities: { settle: 0.8, HOLD: 0.2 } })).toEqual({
      choice: "Settle",
      confidence: 0.8,
      probabilities: { Settle: 0.8, hold: 0.2 },
    });
  });

  it("rejects an empty answer, an id outside the candidates and missing probabilities", () => {
    expect(badGateway(() => ruleDecision(input, { choice: "", probabilities: {} }))).toMatch(/empty/);
    expect(badGateway(() => ruleDecision(input, { choice: "refund", probabilities: {} }))).toMatch(/not one of the candidate ids/);
    expect(badGateway(() => ruleDecision(input, { choice: "hold", probabilities: null }))).toMatch(/no probabilities/);
    expect(badGateway(() => ruleClassification({ probability: null }))).toMatch(/no probability/);
    expect(badGateway(() => ruleTags({ state: "s", candidates: ["a", "b"], topK: 3, minProbability: 0 }, { scores: { c: 1 } }))).toMatch(/none/);
  });

  it("clamps to 0..1 (NaN and infinities included) and normalises a distribution above 1", () => {
    expect([clamp01(-1), clamp01(2), clamp01(Number.NaN), clamp01(Infinity), clamp01(0.25)]).toEqual([0, 1, 0, 0, 0.25]);
    const r = ruleDecision(input, { choice: "hold", probabilities: { settle: 3, hold: 1 } });
    expect(r.probabilities).toEqual({ Settle: 0.5, hold: 0.5 });
    expect(ruleClassification({ probability: 7 }).probability).toBe(1);
  });

  it("orders tags best first, keeps the caller's order on ties, filters and cuts", () => {
    const tags = ruleTags({ state: "s", candidates: ["a", "B", "c", "d"], topK: 2, minProbability: 0.3 }, { scores: { b: 0.5, A: 0.5, c: 0.9, d: 0.1 } });
    expect(tags.tags).toEqual([
      { tag: "c", probability: 0.9 },
      { tag: "a", probability: 0.5 },
    ]);
  });
});
