// Server-rendered SVG bar chart of the dashboard's daily series: no chart library, no JavaScript,
// scales to the container's width (viewBox), with the numbers also in a table for screen readers.

type Day = { day: string; revenue: number } & Record<string, number | string>;
export type Series = { key: string; label: string; color: string };

/** A share's or a post's reach: views and unlocks per day. */
export const VIEW_SERIES: Series[] = [
  { key: "views", label: "Views", color: "#93a4c7" },
  { key: "unlocks", label: "Unlocks", color: "#1d4ed8" },
];

const W = 560;
const H = 210;
const PAD = { top: 12, right: 8, bottom: 30, left: 40 };

function niceMax(n: number) {
  if (n <= 4) return 4;
  const p = 10 ** Math.floor(Math.log10(n));
  return Math.ceil(n / p) * p;
}

const valueOf = (d: Day, key: string) => Number(d[key] ?? 0);

/** `series`: which daily counts are drawn (views and unlocks by default); `id`: unique per page when a page has two charts. */
export function DailyChart({ daily, title, series: SERIES = VIEW_SERIES, id = "chart" }: { daily: Day[]; title: string; series?: Series[]; id?: string }) {
  const max = niceMax(Math.max(0, ...daily.flatMap((d) => SERIES.map((s) => valueOf(d, s.key)))));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(daily.length, 1);
  const bar = Math.max(1, (slot * 0.8) / SERIES.length);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, max / 2, max];
  const labelEvery = Math.ceil(daily.length / 5);
  const revenue = daily.reduce((a, d) => a + d.revenue, 0);
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        <strong>{title}</strong>{" "}
        <span className="legend">
          {SERIES.map((s) => <span key={s.key}><i style={{ background: s.color }} aria-hidden="true" /> {s.label}</span>)}
        </span>{" "}
        <span className="muted small">Revenue in this range: {revenue.toFixed(2)} USDC</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title}: daily ${SERIES.map((x) => x.label.toLowerCase()).join(" and ")}`} data-testid={id === "chart" ? "daily-chart" : `${id}-chart`}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#d9dce3" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="13" fill="#4b5160">{Math.round(t)}</text>
          </g>
        ))}
        {daily.map((d, i) => (
          <g key={d.day}>
            {SERIES.map((s, j) => {
              const v = valueOf(d, s.key);
              return v > 0 ? (
                <rect key={s.key} x={PAD.left + i * slot + slot * 0.1 + j * bar} y={y(v)} width={bar} height={y(0) - y(v)} fill={s.color}>
                  <title>{`${d.day}: ${v} ${s.label.toLowerCase()}`}</title>
                </rect>
              ) : null;
            })}
            {i % labelEvery === 0 && (
              <text x={PAD.left + i * slot + slot / 2} y={H - 8} textAnchor="middle" fontSize="13" fill="#4b5160">{d.day.slice(5)}</text>
            )}
          </g>
        ))}
      </svg>
      <details className="small">
        <summary>Show the numbers</summary>
        <div className="table-wrap">
          <table data-testid={`${id}-table`}>
            <caption className="sr-only">Numbers per day</caption>
            <thead><tr><th scope="col">Day</th>{SERIES.map((x) => <th key={x.key} scope="col">{x.label}</th>)}<th scope="col">Revenue (USDC)</th></tr></thead>
            <tbody>
              {daily.filter((d) => d.revenue || SERIES.some((x) => valueOf(d, x.key))).map((d) => (
                <tr key={d.day}><td>{d.day}</td>{SERIES.map((x) => <td key={x.key}>{valueOf(d, x.key)}</td>)}<td>{d.revenue}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
