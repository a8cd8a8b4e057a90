/**
 * Content.trendScore, the key of the explore `trending` sort: activity with a 7-day half-life.
 * Each counted event adds weight × 2^((t − EPOCH) / HALF_LIFE): growing the new weights instead of
 * shrinking the old ones keeps every stored score comparable forever, so the sort is an index scan
 * and an event is a plain atomic `increment`. A view weighs 1, an unlock 10, a rating 5, and a new
 * item starts with 1 (so fresh content outranks content last seen weeks ago).
 *
 * Range: 2^((t − 2025-01-01) / 7 d) stays a finite double until about 2044; before then divide
 * every stored score by 2^k and move EPOCH forward by k half-lives (same order, one UPDATE).
 */
export const TREND_EPOCH_MS = Date.UTC(2025, 0, 1);
export const TREND_HALF_LIFE_MS = 7 * 24 * 60 * 60 * 1000;
export const TREND_WEIGHTS = { created: 1, views: 1, unlocks: 10, ratings: 5 } as const;

export type TrendDelta = { created?: boolean; views?: number; unlocks?: number; ratings?: number };

/** The amount to add to Content.trendScore for `delta` happening at `at` (0 when nothing counts). */
export function trendIncrement(delta: TrendDelta, at: Date = new Date()): number {
  const weight =
    (delta.created ? TREND_WEIGHTS.created : 0) +
    (delta.views ?? 0) * TREND_WEIGHTS.views +
    (delta.unlocks ?? 0) * TREND_WEIGHTS.unlocks +
    (delta.ratings ?? 0) * TREND_WEIGHTS.ratings;
  if (weight === 0) return 0;
  return weight * 2 ** ((at.getTime() - TREND_EPOCH_MS) / TREND_HALF_LIFE_MS);
}
