import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { averageStars, reputationScore, scoreSql } from "./score";

describe("reputation score", () => {
  it("is neutral without activity and grows with ratings and unlocks", () => {
    const none = reputationScore({ ratingsCount: 0, ratingSum: 0, unlocks: 0, views: 0, revenueAtomic: 0n });
    expect(none).toBeCloseTo(30, 6);
    const loved = reputationScore({ ratingsCount: 10, ratingSum: 500, unlocks: 50, views: 500, revenueAtomic: 5_000_000n });
    expect(loved).toBeGreaterThan(none);
    expect(loved).toBeLessThanOrEqual(100);
  });

  it("keeps one 5-star rating from beating many 4-star ones", () => {
    const one = reputationScore({ ratingsCount: 1, ratingSum: 50, unlocks: 1, views: 1, revenueAtomic: 0n });
    const many = reputationScore({ ratingsCount: 40, ratingSum: 40 * 42, unlocks: 40, views: 40, revenueAtomic: 0n });
    expect(many).toBeGreaterThan(one);
  });

  it("caps volume: a million views cannot beat well-rated content", () => {
    const spam = reputationScore({ ratingsCount: 0, ratingSum: 0, unlocks: 0, views: 1_000_000, revenueAtomic: 0n });
    const good = reputationScore({ ratingsCount: 20, ratingSum: 20 * 48, unlocks: 30, views: 100, revenueAtomic: 1_000_000n });
    expect(good).toBeGreaterThan(spam);
  });

  it("averages stars as value / 10", () => {
    expect(averageStars({ ratingsCount: 2, ratingSum: 45 + 30 })).toBe(3.75);
    expect(averageStars({ ratingsCount: 0, ratingSum: 0 })).toBeNull();
  });

  it("computes the same number in SQL as in TypeScript", () => {
    const db = new Database(":memory:");
    db.exec('CREATE TABLE "Content" ("ratingsCount" INT, "ratingSum" INT, "unlocks" INT, "views" INT, "revenueAtomic" BIGINT)');
    const cases = [
      { ratingsCount: 0, ratingSum: 0, unlocks: 0, views: 0, revenueAtomic: 0n },
      { ratingsCount: 3, ratingSum: 120, unlocks: 7, views: 90, revenueAtomic: 2_500_000n },
      { ratingsCount: 1000, ratingSum: 50_000, unlocks: 99_999, views: 10_000_000, revenueAtomic: 10n ** 12n },
    ];
    for (const c of cases) {
      db.prepare('DELETE FROM "Content"').run();
      db.prepare('INSERT INTO "Content" VALUES (?, ?, ?, ?, ?)').run(c.ratingsCount, c.ratingSum, c.unlocks, c.views, c.revenueAtomic);
      const { s } = db.prepare(`SELECT ${scoreSql()} AS s FROM "Content"`).get() as { s: number };
      expect(s).toBeCloseTo(reputationScore(c), 9);
    }
  });
});
