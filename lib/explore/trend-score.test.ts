import { describe, expect, it } from "vitest";
import { TREND_EPOCH_MS, TREND_HALF_LIFE_MS, trendIncrement } from "./trend-score";

describe("trendIncrement", () => {
  const t = new Date(TREND_EPOCH_MS + 100 * TREND_HALF_LIFE_MS);

  it("weighs views 1, unlocks 10, ratings 5 and a new item 1", () => {
    const unit = trendIncrement({ views: 1 }, t);
    expect(unit).toBe(2 ** 100);
    expect(trendIncrement({ unlocks: 1 }, t)).toBe(10 * unit);
    expect(trendIncrement({ ratings: 2 }, t)).toBe(10 * unit);
    expect(trendIncrement({ created: true, views: 1 }, t)).toBe(2 * unit);
    expect(trendIncrement({}, t)).toBe(0);
  });

  it("halves the weight of an event for every half-life it is older", () => {
    const later = new Date(t.getTime() + TREND_HALF_LIFE_MS);
    expect(trendIncrement({ views: 1 }, later) / trendIncrement({ views: 1 }, t)).toBe(2);
    // 10 views a week ago rank below 6 views today, above 4.
    const old = 10 * trendIncrement({ views: 1 }, t);
    expect(6 * trendIncrement({ views: 1 }, later)).toBeGreaterThan(old);
    expect(4 * trendIncrement({ views: 1 }, later)).toBeLessThan(old);
  });

  it("keeps later events ordered even milliseconds apart and stays finite for decades", () => {
    const a = trendIncrement({ views: 1 }, t);
    const b = trendIncrement({ views: 1 }, new Date(t.getTime() + 1));
    expect(b).toBeGreaterThan(a);
    expect(Number.isFinite(trendIncrement({ unlocks: 1000 }, new Date(Date.UTC(2044, 0, 1))))).toBe(true);
  });
});
