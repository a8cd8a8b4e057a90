import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db-core";
import { unitDatabases } from "@/e2e/support/unit-databases";

// Explore's cards are built from each row read as one text and kept under that text
// (lib/row-text.ts). On each database: every card is the one toContentCard builds from the row Prisma
// reads (values at the edge of their type included), the API's JSON text is JSON.stringify of the
// object answer, a changed row (a double past its 15th significant digit too) is a new card, and a kept
// card whose site's proof goes stale while it is kept shows it stale.
const units = await unitDatabases("explore-cards");
afterAll(units.removeFiles);

const DAY_MS = 24 * 60 * 60 * 1000;
const BIG = 2n ** 60n + 7n; // past 2^53: read back as a number, it would be rounded

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`explore's cards on ${provider.name}`, () => {
    let db: Db;
    let mod: typeof import("./explore-content");
    let toContentCard: (typeof import("./to-content-card"))["toContentCard"];
    let soonStale: Date;
    const query = { sort: "trending", limit: 50, skip: 0, type: "all" } as const;

    beforeAll(async () => {
      db = await units.openForHub(provider, { READ_CACHE_MS: "0", SITE_VERIFICATION_MAX_AGE_DAYS: "30" });
      mod = await import("./explore-content");
      ({ toContentCard } = await import("./to-content-card"));
      // A proof that goes stale a minute from now; another stale already; a hosted blog.
      soonStale = new Date(Date.now() - 30 * DAY_MS + 60_000);
      const fresh = await db.site.create({ data: { domain: "fresh.example", name: "", ownerWallet: "0xaa", verified: true, lastVerifiedAt: new Date() } });
      const ageing = await db.site.create({ data: { domain: "ageing.example", name: "Ageing", ownerWallet: "0xbb", verified: true, lastVerifiedAt: soonStale } });
      const stale = await db.site.create({ data: { domain: "stale.example", name: "Stale", ownerWallet: "0xcc", verified: true, lastVerifiedAt: new Date(Date.now() - 40 * DAY_MS) } });
      const blog = await db.site.create({ data: { domain: "blog.localhost", name: "Blog", ownerWallet: "0xdd", verified: true, lastVerifiedAt: new Date(), hosted: true } });
      const base = { network: "testnet", url: "https://fresh.example/a", path: "/a" };
      await db.content.createMany({
        data: [
          { ...base, id: "big", siteId: fresh.id, externalId: "big", title: "Big \"quoted\" \\ naïve ✓", priceAtomic: BIG, revenueAtomic: BIG * 3n, trendScore: 9, reputationScore: 0.1234567890123456, ratingsCount: 3, ratingSum: 77, tags: "a, b ,c", tagsTentative: true, lastSeenAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)) },
          { ...base, id: "free", siteId: fresh.id, externalId: "free", title: "Free", priceAtomic: 0n, accessPolicy: "free", trendScore: 8, description: "", imageUrl: "" },
          { ...base, id: "ageing", siteId: ageing.id, externalId: "ageing", title: "Ageing", priceAtomic: 10_000n, trendScore: 7, recipientWallet: "0xee", createdAt: new Date(Date.UTC(2025, 5, 6, 7, 8, 9, 10)) },
          { ...base, id: "stale", siteId: stale.id, externalId: "stale", title: "Stale", priceAtomic: 1n, trendScore: 6 },
          { ...base, id: "post", siteId: blog.id, externalId: "post:p1", title: "Post", priceAtomic: 250_000n, trendScore: 5, url: "http://blog.localhost:3000/p/one", path: "/p/one" },
        ],
      });
    }, 120_000);
    afterEach(() => vi.useRealTimers());
    afterAll(() => units.closeForHub(provider, db));

    /** The cards as toContentCard builds them from the rows Prisma reads. */
    const expected = async () => {
      const rows = await db.content.findMany({ include: { site: true }, orderBy: [{ trendScore: "desc" }, { id: "desc" }] });
      return rows.map((row) => JSON.parse(JSON.stringify(toContentCard(row))));
    };

    it("builds every card from the row's text as from the row itself, and the API's text is the object answer's JSON", async () => {
      const want = await expected();
      expect(want.map((c) => c.id)).toEqual(["big", "free", "ageing", "stale", "post"]);
      for (let round = 0; round < 2; round++) {
        // Round 0 builds every card; round 1 answers them all from the kept ones.
        const answer = await mod.exploreContent(query);
        expect(JSON.parse(JSON.stringify(answer.content))).toEqual(want);
        const text = (await mod.exploreContentAnswer(query)).body as string;
        expect(text).toBe(JSON.stringify(answer));
      }
      const big = (await mod.exploreContent(query)).content[0]!;
      expect(big).toMatchObject({ reputationScore: 0.1234567890123456, websiteName: "fresh.example", websiteVerificationStatus: "verified", tagsTentative: true, lastSeenAt: "2026-01-02T03:04:05.678Z" });
      expect(Object.isFrozen(big) && Object.isFrozen(big.audiences.humans)).toBe(true);
    });

    it("answers a changed row with a new card, a double changed past its 15th digit too", async () => {
      await mod.exploreContent(query);
      // Another double with the same first 15 significant digits (SQLite's JSON writes no more).
      // Sixteen digits: Prisma writes a Float with at most 16 (it stored 0.12345678901234562 as …456).
      const next = 0.1234567890123457;
      await db.content.update({ where: { id: "big" }, data: { reputationScore: next, views: 41 } });
      const card = (await mod.exploreContent(query)).content[0]!;
      expect(card).toMatchObject({ id: "big", reputationScore: next, views: 41 });
      expect((await mod.exploreContent(query)).content.map((c) => JSON.parse(JSON.stringify(c)))).toEqual(await expected());
    });

    it("shows a kept card's site stale once its proof passes the maximum age", async () => {
      const status = async () => (await mod.exploreContent(query)).content.find((c) => c.id === "ageing")!;
      expect(await status()).toMatchObject({ websiteVerified: true, websiteVerificationStatus: "verified" });
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(soonStale.getTime() + 30 * DAY_MS + 1);
      expect(await status()).toMatchObject({ websiteVerified: false, websiteVerificationStatus: "stale" });
      expect((await mod.exploreContent(query)).content.find((c) => c.id === "stale")).toMatchObject({ websiteVerificationStatus: "stale" });
    });
  });
}
