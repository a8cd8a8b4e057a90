import { describe, expect, it } from "vitest";
import { selectScorer, type JudgeConfig } from "./select-scorer";

const base: JudgeConfig = { DECISIONS_ENABLED: true, JUDGE_MODEL: "m", JUDGE_TIMEOUT_MS: 1000, JUDGE_LOGPROBS: "auto" };

describe("selectScorer", () => {
  it("selects nothing when decisions are disabled (the routes answer 501), even with a provider configured", () => {
    expect(selectScorer({ ...base, DECISIONS_ENABLED: false })).toBeNull();
    expect(selectScorer({ ...base, DECISIONS_ENABLED: false, JUDGE_BASE_URL: "http://127.0.0.1:1/v1" })).toBeNull();
  });

  it("selects the embedded local scorer without a provider, and the provider client with one", () => {
    expect(selectScorer(base)?.kind).toBe("local");
    expect(selectScorer({ ...base, JUDGE_BASE_URL: "http://127.0.0.1:1/v1", JUDGE_API_KEY: "k" })?.kind).toBe("openai-compatible");
  });
});
