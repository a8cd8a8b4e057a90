import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { searchTokens } from "./search-tokens";
import { unitDatabases } from "@/e2e/support/unit-databases";

// Explore's text query on each database, with the read cache off, over enough items that every way of
// finding a page is taken: a short walk testing each row's text, its bound reached when the matches
// lie at the bottom of the order (an old site's name), the index's matches walked or sorted. Every page
// must be the one a plain sort of the matches gives, whichever way found it.
const units = await unitDatabases("explore-text");
afterAll(units.removeFiles);

const ABOVE = 2_300; // more items above the bottom ones than a short walk may test
type Item = { id: string; trendScore: number; unlocks: number; words: string };

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`explore's text query on ${provider.name}`, () => {
    let db: Db;
    let explore: (typeof import("./explore-content"))["exploreContent"];
    const items: Item[] = [];

    beforeAll(async () => {
      db = await units.openForHub(provider, { READ_CACHE_MS: "0" });
      explore = (await import("./explore-content")).exploreContent;

      const site = (await db.site.create({ data: { domain: "many.example", name: "Many", ownerWallet: "0x1", verified: true } })).id;
      const rows = [];
      for (let i = 0; i < ABOVE + 10; i++) {
        const bottom = i >= ABOVE; // ten items at the bottom of trending, below every other
        const words = [bottom ? "bottom" : "above", i % 3 === 0 ? "third" : "", i % 40 === 0 ? "rare" : "", `n${i}`].filter(Boolean).join(" ");
        const item = { id: `c${String(i).padStart(5, "0")}`, trendScore: bottom ? -1 - i : 1_000_000 - i, unlocks: i % 7, words };
        items.push(item);
        rows.push({ id: item.id, network: "testnet", siteId: site, externalId: item.id, trendScore: item.trendScore, unlocks: item.unlocks, searchText: searchTokens(words).join(" ") });
      }
      await db.content.createMany({ data: rows });
    }, 120_000);
    afterAll(() => units.closeForHub(provider, db));

    const expected = (word: string, sort: "trending" | "best-sellers") =>
      items
        .filter((i) => i.words.split(" ").some((w) => w.startsWith(word)))
        .sort((a, b) => (sort === "trending" ? b.trendScore - a.trendScore : b.unlocks - a.unlocks) || (a.id < b.id ? 1 : -1))
        .map((i) => i.id);
    const page = async (q: string, sort: "trending" | "best-sellers", limit: number, more: { skip?: number; cursor?: string } = {}) => {
      const answer = await explore({ q, sort, limit, skip: more.skip ?? 0, type: "all", cursor: more.cursor });
      return { ids: answer.content.map((c) => c.id), total: answer.total, next: answer.nextCursor };
    };

    it("finds matches below the rows a short walk may test", async () => {
      const want = expected("bottom", "trending");
      expect(want).toHaveLength(10);
      expect(await page("bottom", "trending", 1)).toMatchObject({ ids: want.slice(0, 1), total: 10 });
      expect(await page("bottom", "trending", 3, { skip: 4 })).toMatchObject({ ids: want.slice(4, 7), total: 10 });
      // By cursor, one page at a time, to the end.
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const p = await page("bottom", "trending", 2, { cursor });
        seen.push(...p.ids);
        cursor = p.next ?? undefined;
      } while (cursor);
      expect(seen).toEqual(want);
    });

    it("gives the pages a sort of the matches gives, for common, rare and combined words", async () => {
      for (const [q, word] of [["above", "above"], ["third", "third"], ["rare", "rare"], ["n1", "n1"]] as const) {
        for (const sort of ["trending", "best-sellers"] as const) {
          const want = expected(word, sort);
          // Short walks testing rows (bounded or not reached), a long walk of the index's matches, sorts.
          for (const [limit, skip] of [[1, 0], [20, 0], [20, 40], [5, 700], [100, 0], [5, 2_100]] as const) {
            expect((await page(q, sort, limit, { skip })).ids, `${q} ${sort} ${limit}@${skip}`).toEqual(want.slice(skip, skip + limit));
          }
          expect((await page(q, sort, 1)).total).toBe(want.length);
        }
      }
      const both = expected("third", "trending").filter((id) => expected("rare", "trending").includes(id));
      expect((await page("rare third", "trending", 500)).ids).toEqual(both);
    });

    // Last: it adds content on an unverified site, which the text tests above must not see.
    it("gives a page without text the visible total from its own statement, and counts it apart for an empty page", async () => {
      const hidden = (await db.site.create({ data: { domain: "hidden.example", name: "Hidden", ownerWallet: "0x2", verified: false } })).id;
      await db.content.create({ data: { id: "hidden-1", network: "testnet", siteId: hidden, externalId: "hidden-1", trendScore: 2_000_000, searchText: "above" } });
      const visible = items.length;
      const all = async (sort: "trending" | "best-sellers" | "hot-new", limit: number, skip: number, type: "all" | "video" = "all") => {
        const answer = await explore({ sort, limit, skip, type });
        return { ids: answer.content.map((c) => c.id), total: answer.total };
      };
      for (const sort of ["trending", "best-sellers", "hot-new"] as const) {
        expect((await all(sort, 3, 0)).total, sort).toBe(visible);
        // hot-new's fresh part ends on this page (every item is new): the older part's statement runs too.
        expect(await all(sort, 5, visible - 2), sort).toMatchObject({ total: visible });
        expect((await all(sort, 5, visible - 2)).ids, sort).toHaveLength(2);
        // A skip past the end: no row carries the total, which is counted apart.
        expect(await all(sort, 5, visible + 3), sort).toEqual({ ids: [], total: visible });
        expect(await all(sort, 5, 0, "video"), sort).toEqual({ ids: [], total: 0 });
      }
      expect((await page("above", "trending", 1)).total).toBe(expected("above", "trending").length);
    });

    // Totals are kept under the content epoch (lib/counters/content-epoch.ts): each change must show at once.
    it("gives a text total that follows every change of the content it counts, at once", async () => {
      const total = async (q: string, type: "all" | "video" = "all") => (await explore({ q, sort: "trending", limit: 1, skip: 0, type })).total;
      const site = (await db.site.create({ data: { domain: "changes.example", name: "Changes", ownerWallet: "0x3", verified: true } })).id;
      expect(await total("zebra")).toBe(0);
      await db.content.create({ data: { id: "z1", network: "testnet", siteId: site, externalId: "z1", searchText: "zebra" } });
      expect(await total("zebra")).toBe(1);
      await db.content.create({ data: { id: "z2", network: "testnet", siteId: site, externalId: "z2", searchText: "zebras stripes" } });
      expect(await total("zebra")).toBe(2);
      expect(await total("zebra stripe")).toBe(1);
      await db.content.update({ where: { id: "z2" }, data: { searchText: "horse" } });
      expect(await total("zebra")).toBe(1);
      await db.content.update({ where: { id: "z1" }, data: { contentType: "video" } });
      expect(await total("zebra", "video")).toBe(1);
      await db.content.update({ where: { id: "z1" }, data: { contentType: "article" } });
      expect(await total("zebra", "video")).toBe(0);
      await db.site.update({ where: { id: site }, data: { verified: false } });
      expect(await total("zebra")).toBe(0);
      await db.site.update({ where: { id: site }, data: { verified: true } });
      expect(await total("zebra")).toBe(1);
      await db.site.update({ where: { id: site }, data: { removedAt: new Date() } });
      expect(await total("zebra")).toBe(0);
      await db.site.update({ where: { id: site }, data: { removedAt: null } });
      expect(await total("zebra")).toBe(1);
      await db.content.update({ where: { id: "z1" }, data: { network: "mainnet" } });
      expect(await total("zebra")).toBe(0);
      await db.content.update({ where: { id: "z1" }, data: { network: "testnet" } });
      await db.content.delete({ where: { id: "z1" } });
      expect(await total("zebra")).toBe(0);
    });
  });
}
