import { describe, expect, it } from "vitest";
import { api, expectError } from "../support/hub";
import { testDb } from "../support/db";

describe("GET /hub/reputation/leaderboards", () => {
  it("ranks content by reputation and moves an item up when its figures grow", async () => {
    const db = testDb();
    const before = await api("/hub/reputation/leaderboards?type=content&limit=50");
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ success: true, type: "content", limit: 50, skip: 0 });
    expect(before.body.total).toBeGreaterThanOrEqual(8);
    const scores = before.body.items.map((i: any) => i.reputationScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);

    const last = before.body.items.at(-1);
    await db.content.update({ where: { id: last.id }, data: { ratingsCount: { increment: 20 }, ratingSum: { increment: 20 * 48 }, unlocks: { increment: 30 } } });
    const after = await api("/hub/reputation/leaderboards?type=content&limit=50");
    expect(after.body.items[0]).toMatchObject({ id: last.id, rank: 1, ratings: last.ratings + 20, reputationStars: expect.any(Number) });
    expect(after.body.items[0].reputationScore).toBeGreaterThan(last.reputationScore);

    const sites = await api("/hub/reputation/leaderboards?type=sites");
    expect(sites.body.items[0]).toMatchObject({ kind: "site", rank: 1, websiteId: after.body.items[0].websiteId });
    const creators = await api("/hub/reputation/leaderboards");
    expect(creators.body.type).toBe("creators");
    const owner = await db.site.findUniqueOrThrow({ where: { id: after.body.items[0].websiteId } });
    expect(creators.body.items[0]).toMatchObject({ kind: "creator", rank: 1, wallet: owner.ownerWallet });
  });

  it("pages", async () => {
    const all = (await api("/hub/reputation/leaderboards?type=content&limit=50")).body.items.map((i: any) => i.id);
    const second = await api("/hub/reputation/leaderboards?type=content&limit=3&skip=3");
    expect(second.body.items.map((i: any) => i.id)).toEqual(all.slice(3, 6));
    expect(second.body.items[0].rank).toBe(4);
  });

  it.each([["limit=51", "limit"], ["limit=0", "limit"], ["type=wallets", "type"], ["skip=-2", "skip"]])("answers 400 for %s", async (q, field) => {
    expect(expectError(await api(`/hub/reputation/leaderboards?${q}`), 400, "invalid-request").details).toContain(field);
  });
});
