/**
 * A rating as every page shows it: the plain average on the 1..5 scale with one decimal and how many
 * ratings it averages ("4.0 / 5 · 1 rating"), or a wallet's own rating ("4 / 5"). The leaderboards rank
 * by a score whose star term is a Bayesian average (docs/ledger.md, "Reputation score"), which is never shown as
 * stars, so one item never shows two different star figures.
 */
export function Stars({ average, count, glyphs = false }: { average: number | null; count?: number; glyphs?: boolean }) {
  if (average === null || count === 0) return <span className="muted">No ratings yet</span>;
  const whole = Math.round(average);
  const text = count === undefined ? `${Number.isInteger(average) ? average : average.toFixed(1)} / 5` : `${average.toFixed(1)} / 5 · ${count} ${count === 1 ? "rating" : "ratings"}`;
  return (
    <span className="rating" data-testid="stars">
      {glyphs && <span className="stars" aria-hidden="true">{"★".repeat(whole)}{"☆".repeat(5 - whole)}</span>}
      {glyphs && " "}
      <span>{text}</span>
    </span>
  );
}
