import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { contentOutsideSql } from "@/lib/counters/content-count";
import { Prisma } from "@/lib/generated/sqlite/client";
import { VISIBLE_SITE_IDS } from "@/lib/sites/visible-sites";
import { searchTokens } from "./search-tokens";
import { textMatch, textTotalSql } from "./text-match";
import { unitDatabases } from "@/e2e/support/unit-databases";

// A text query's total on SQLite (FTS5) and PostgreSQL (GIN tsvector): from the text index alone while
// the filter keeps every Content row, and match by match as soon as anything lies outside it: another
// network, an unverified or removed site, another type.
const units = await unitDatabases("text-total");
afterAll(units.removeFiles);

const NETWORK = "testnet";

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`a text query's total on ${provider.name}`, () => {
    let db: Db;
    let shown: string;
    let hidden: string;
    let n = 0;
    const add = (siteId: string, text: string, over: { network?: string; contentType?: string } = {}) =>
      db.content.create({ data: { network: NETWORK, siteId, externalId: `e${n++}`, searchText: searchTokens(text).join(" "), ...over } });
    /** What the statement answers, and what counting match by match answers, for q under a filter. */
    const totals = async (q: string, type = "all") => {
      const match = textMatch(q, provider.name === "postgres");
      if (!match) throw new Error("no words");
      const typeFilter = type === "all" ? Prisma.empty : Prisma.sql` AND c."contentType" = ${type}`;
      const filtered = Prisma.sql`SELECT COUNT(*) FROM "Content" c WHERE c."network" = ${NETWORK}${typeFilter} AND ${match.sql} AND c."siteId" IN (${VISIBLE_SITE_IDS})`;
      const outside = contentOutsideSql({ network: NETWORK, type });
      const one = async (sql: Prisma.Sql) => Number((await db.$queryRaw<Array<{ n: bigint | number }>>(sql))[0]!.n);
      return {
        total: await one(textTotalSql(match, { outside, filtered })),
        filtered: await one(Prisma.sql`SELECT (${filtered}) AS n`),
        all: await one(Prisma.sql`SELECT (${match.countAll}) AS n`),
        outside: await one(Prisma.sql`SELECT (${outside}) AS n`),
      };
    };

    beforeAll(async () => {
      db = await units.open(provider);
      shown = (await db.site.create({ data: { domain: "shown.example", ownerWallet: "0x1", verified: true, verificationStatus: "verified" } })).id;
      hidden = (await db.site.create({ data: { domain: "hidden.example", ownerWallet: "0x2" } })).id;
      await add(shown, "Harbor tide tables");
      await add(shown, "Harbors at TIDEPOOL cove");
      await add(shown, "Harbor lights");
      await add(shown, "Tide charts", { contentType: "music" });
    }, 60_000);
    afterAll(() => units.close(provider, db));

    it("counts from the text index alone while every row is in the filter", async () => {
      expect(await totals("harbor tide")).toEqual({ total: 2, filtered: 2, all: 2, outside: 0 });
      expect(await totals("tide")).toEqual({ total: 3, filtered: 3, all: 3, outside: 0 });
      expect(await totals("nothing")).toEqual({ total: 0, filtered: 0, all: 0, outside: 0 });
    });

    it("counts match by match for a type while other types exist", async () => {
      expect(await totals("tide", "article")).toEqual({ total: 2, filtered: 2, all: 3, outside: 1 });
      expect(await totals("tide", "music")).toEqual({ total: 1, filtered: 1, all: 3, outside: 3 });
    });

    it("tests a row's own text exactly as the text index matches it", async () => {
      const site = (await db.site.create({ data: { domain: "words.example", ownerWallet: "0x3", verified: true } })).id;
      const texts = ["Ärger über Straße", "naïve café au lait", "日本語テキスト 東京", "ﬁle ﬂow", "ΣΊΣΥΦΟΣ σοφός", "İstanbul izmir", "100%off 2for1", "a-b_c d.e", "x", "harbor harbors harboring"];
      const ids = [];
      for (const text of texts) ids.push((await add(site, text)).id);
      const rows = async (condition: Prisma.Sql) =>
        (await db.$queryRaw<Array<{ id: string }>>(Prisma.sql`SELECT c."id" FROM "Content" c WHERE c."siteId" = ${site} AND ${condition}`)).map((r) => r.id).sort();
      const queries = ["ärg", "uber", "über straße", "strasse", "naive", "naïve caf", "日本", "テキスト", "東", "file", "fl", "σισυφος", "σίσυφος", "σοφ", "istanbul", "i stanbul", "izm", "100", "off", "2for", "b c", "d e", "x", "harbor", "harbors", "arbor"];
      let matched = 0;
      for (const q of queries) {
        const match = textMatch(q, provider.name === "postgres")!;
        const [byIndex, byRow] = [await rows(match.sql), await rows(match.rowSql)];
        expect(byRow, q).toEqual(byIndex);
        matched += byIndex.length;
      }
      expect(matched).toBeGreaterThan(queries.length / 2); // the words are found, not only agreed on
      for (const id of ids) await db.content.delete({ where: { id } });
      await db.site.delete({ where: { id: site } });
    });

    it("counts match by match while content of an unverified site, a removed site or another network exists", async () => {
      const item = await add(hidden, "harbor tide, unverified");
      expect(await totals("harbor tide")).toEqual({ total: 2, filtered: 2, all: 3, outside: 1 });

      await db.site.update({ where: { id: hidden }, data: { verified: true } });
      expect(await totals("harbor tide")).toEqual({ total: 3, filtered: 3, all: 3, outside: 0 });

      await db.site.update({ where: { id: hidden }, data: { removedAt: new Date() } });
      expect(await totals("harbor tide")).toEqual({ total: 2, filtered: 2, all: 3, outside: 1 });
      await db.content.delete({ where: { id: item.id } });
      expect(await totals("harbor tide")).toEqual({ total: 2, filtered: 2, all: 2, outside: 0 });

      const other = await add(shown, "harbor tide elsewhere", { network: "mainnet" });
      expect(await totals("harbor tide")).toEqual({ total: 2, filtered: 2, all: 3, outside: 1 });
      await db.content.update({ where: { id: other.id }, data: { network: NETWORK } });
      expect(await totals("harbor tide")).toEqual({ total: 3, filtered: 3, all: 3, outside: 0 });
      await db.content.delete({ where: { id: other.id } });
    });
  });
}
