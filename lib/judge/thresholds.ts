/**
 * The interface's documented thresholds: a caller acts on a decision-helper answer only at or
 * above these probabilities, otherwise it keeps its safe default (no tag, hold, no recipient…).
 */
export const JUDGE_THRESHOLDS = {
  recipientInference: 0.6,
  settleVersusHold: 0.65,
  pageClassification: 0.65,
  tags: 0.6,
} as const;
