import { describe, expect, it } from "vitest";
import { readLetterAnswer, readYesNo } from "./provider-scorer";

const input = {
  state: "s",
  instructions: "i",
  questionId: "q",
  candidates: [{ id: "a", context: "" }, { id: "b", context: "" }, { id: "c", context: "" }],
};

describe("reading one-token answers", () => {
  it("sums the variants of a letter (B, ' B', 'B.') and renormalises over the candidates' letters", () => {
    const r = readLetterAnswer(input, {
      content: "B",
      topLogprobs: [
        { token: "B", logprob: Math.log(0.5) },
        { token: " B", logprob: Math.log(0.1) },
        { token: "B.", logprob: Math.log(0.1) },
        { token: "a", logprob: Math.log(0.2) },
        { token: "D", logprob: Math.log(0.05) }, // outside the three candidates
        { token: "Hmm", logprob: Math.log(0.05) },
      ],
    });
    expect(r.choice).toBe("b");
    expect(r.probabilities!.b).toBeCloseTo(0.7 / 0.9, 12);
    expect(r.probabilities!.a).toBeCloseTo(0.2 / 0.9, 12);
    expect(r.probabilities!.c).toBe(0);
  });

  it("passes a non-letter answer through so the output rules reject it", () => {
    expect(readLetterAnswer(input, { content: "D", topLogprobs: [{ token: "D", logprob: 0 }] })).toEqual({ choice: "D", probabilities: null });
  });

  it("reads P(yes) over yes and no tokens of any case", () => {
    const r = readYesNo({ content: "yes", topLogprobs: [{ token: "yes", logprob: Math.log(0.3) }, { token: " Yes", logprob: Math.log(0.3) }, { token: "NO", logprob: Math.log(0.2) }] });
    expect(r.probability).toBeCloseTo(0.75, 12);
  });
});
