/**
 * The reputation score, 0..100, of a content item, a site or a creator, from its figures:
 *
 *   stars    = Bayesian average on the 1..5 scale: (PRIOR_WEIGHT·PRIOR + Σ value/10) / (PRIOR_WEIGHT + n)
 *   score    = 100 · ( 0.60 · (stars − 1) / 4
 *                    + 0.25 · sat(unlocks, 1 000) + 0.10 · sat(views, 10 000) + 0.05 · sat(revenue USDC, 1 000) )
 *   sat(x,c) = min(1, log10(1 + x) / log10(1 + c))
 *
 * One wallet rates a content item once (a unique constraint), and the prior of five 3-star ratings
 * keeps a handful of ratings from dominating; the logarithms stop volume alone from buying the top.
 * The same formula runs in SQL (refresh-content-scores.ts) for stored content scores.
 */
export const PRIOR = 3;
export const PRIOR_WEIGHT = 5;
export const CAPS = { unlocks: 1_000, views: 10_000, revenueUsdc: 1_000 } as const;
export const WEIGHTS = { stars: 0.6, unlocks: 0.25, views: 0.1, revenue: 0.05 } as const;

export type Figures = { ratingsCount: number; ratingSum: number; unlocks: number; views: number; revenueAtomic: bigint };

const sat = (x: number, cap: number) => Math.min(1, Math.log10(1 + x) / Math.log10(1 + cap));

export function bayesStars(f: Pick<Figures, "ratingsCount" | "ratingSum">): number {
  return (PRIOR_WEIGHT * PRIOR + f.ratingSum / 10) / (PRIOR_WEIGHT + f.ratingsCount);
}

export function reputationScore(f: Figures): number {
  const revenue = Number(f.revenueAtomic) / 1e6;
  return (
    100 *
    (WEIGHTS.stars * ((bayesStars(f) - 1) / 4) +
      WEIGHTS.unlocks * sat(f.unlocks, CAPS.unlocks) +
      WEIGHTS.views * sat(f.views, CAPS.views) +
      WEIGHTS.revenue * sat(revenue, CAPS.revenueUsdc))
  );
}

/** Plain average on the 1..5 scale (a rating value of 1..50 is value / 10 stars); null without ratings. */
export function averageStars(f: Pick<Figures, "ratingsCount" | "ratingSum">): number | null {
  return f.ratingsCount > 0 ? round2(f.ratingSum / f.ratingsCount / 10) : null;
}

export const round2 = (x: number) => Math.round(x * 100) / 100;

/** The same score as SQL over the Content table's columns (SQLite and PostgreSQL both have log10). */
export function scoreSql(): string {
  const satSql = (x: string, cap: number) =>
    `(CASE WHEN log10(1.0 + ${x}) / log10(${1 + cap}.0) > 1 THEN 1.0 ELSE log10(1.0 + ${x}) / log10(${1 + cap}.0) END)`;
  return `100.0 * (${WEIGHTS.stars} * (((${PRIOR_WEIGHT * PRIOR}.0 + "ratingSum" / 10.0) / (${PRIOR_WEIGHT}.0 + "ratingsCount") - 1.0) / 4.0)
    + ${WEIGHTS.unlocks} * ${satSql('"unlocks"', CAPS.unlocks)}
    + ${WEIGHTS.views} * ${satSql('"views"', CAPS.views)}
    + ${WEIGHTS.revenue} * ${satSql('("revenueAtomic" / 1000000.0)', CAPS.revenueUsdc)})`;
}
