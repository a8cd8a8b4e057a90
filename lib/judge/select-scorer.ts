import { createLocalScorer } from "./local-scorer";
import { createProviderScorer, type ProviderConfig } from "./provider-scorer";
import type { Scorer } from "./types";

export type JudgeConfig = {
  DECISIONS_ENABLED: boolean;
  JUDGE_BASE_URL?: string;
  JUDGE_API_KEY?: string;
  JUDGE_MODEL: string;
  JUDGE_TIMEOUT_MS: number;
  JUDGE_LOGPROBS: ProviderConfig["logprobs"];
};

/**
 * Which backend answers the decision helpers: none when decisions are disabled (the routes answer
 * 501), the OpenAI-compatible provider when JUDGE_BASE_URL is set, else the embedded local scorer.
 * Pure: takes the configuration, so every branch is testable without restarting a hub.
 */
export function selectScorer(config: JudgeConfig): Scorer | null {
  if (!config.DECISIONS_ENABLED) return null;
  if (!config.JUDGE_BASE_URL) return createLocalScorer();
  return createProviderScorer({
    baseUrl: config.JUDGE_BASE_URL,
    apiKey: config.JUDGE_API_KEY,
    model: config.JUDGE_MODEL,
    timeoutMs: config.JUDGE_TIMEOUT_MS,
    logprobs: config.JUDGE_LOGPROBS,
  });
}
