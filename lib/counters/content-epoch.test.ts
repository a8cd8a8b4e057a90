import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { Prisma } from "@/lib/generated/sqlite/client";
import { unitDatabases } from "@/e2e/support/unit-databases";

// The content epoch (prisma/migrations/*_content_epoch) on each database: which writes move it and which
// do not, how often one transaction moves it, and a count kept under it (countKeptByEpoch) answering
// until it moves, not after.
const units = await unitDatabases("content-epoch");
afterAll(units.removeFiles);

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`the content epoch on ${provider.name}`, () => {
    let db: Db;
    let epochOf: (typeof import("./content-epoch"))["contentEpoch"];
    let countKept: (typeof import("./content-epoch"))["countKeptByEpoch"];
    let site: string;

    beforeAll(async () => {
      db = await units.openForHub(provider, { READ_CACHE_MS: "0" });
      ({ contentEpoch: epochOf, countKeptByEpoch: countKept } = await import("./content-epoch"));
      site = (await db.site.create({ data: { domain: "epoch.example", name: "Epoch", ownerWallet: "0x1", verified: true } })).id;
    });
    afterAll(() => units.closeForHub(provider, db));

    const epoch = async () => {
      const e = await epochOf();
      expect(e, "the epoch's row").not.toBeNull();
      return BigInt(e!);
    };
    /** How far `write` moves the epoch. */
    const moved = async (write: () => Promise<unknown>) => {
      const before = await epoch();
      await write();
      return Number((await epoch()) - before);
    };
    const item = (id: string, more: Record<string, unknown> = {}) => ({ id, network: "testnet", siteId: site, externalId: id, searchText: "word", ...more });

    it("moves with every write that changes which content a text total counts or the sitemap lists", async () => {
      expect(await moved(() => db.content.create({ data: item("e1") }))).toBe(1);
      expect(await moved(() => db.content.update({ where: { id: "e1" }, data: { searchText: "other" } }))).toBe(1);
      expect(await moved(() => db.content.update({ where: { id: "e1" }, data: { url: "https://epoch.example/other" } }))).toBe(1);
      expect(await moved(() => db.content.update({ where: { id: "e1" }, data: { contentType: "video" } }))).toBe(1);
      expect(await moved(() => db.content.update({ where: { id: "e1" }, data: { network: "mainnet" } }))).toBe(1);
      const other = (await db.site.create({ data: { domain: "other.example", ownerWallet: "0x2", verified: true } })).id;
      expect(await moved(() => db.content.update({ where: { id: "e1" }, data: { siteId: other } }))).toBe(1);
      expect(await moved(() => db.site.update({ where: { id: other }, data: { verified: false } }))).toBe(1);
      expect(await moved(() => db.site.update({ where: { id: other }, data: { verified: true } }))).toBe(1);
      expect(await moved(() => db.site.update({ where: { id: other }, data: { removedAt: new Date() } }))).toBe(1);
      expect(await moved(() => db.site.update({ where: { id: other }, data: { removedAt: null } }))).toBe(1);
      expect(await moved(() => db.content.delete({ where: { id: "e1" } }))).toBe(1);
      // A site's removal cascades to its content: each row deleted moves it (SQLite), or the transaction once (PostgreSQL).
      await db.content.create({ data: item("e2", { siteId: other }) });
      expect(await moved(() => db.site.delete({ where: { id: other } }))).toBeGreaterThanOrEqual(1);
    });

    it("stays where it is for writes that change no text total: counters, scores, dates, the same values again", async () => {
      await db.content.create({ data: item("e3") });
      const stay = [
        () => db.content.update({ where: { id: "e3" }, data: { views: { increment: 1 }, unlocks: 2, trendScore: 5, revenueAtomic: 7n, lastSeenAt: new Date() } }),
        () => db.content.update({ where: { id: "e3" }, data: { searchText: "word", url: "", contentType: "article", network: "testnet", siteId: site } }),
        () => db.site.update({ where: { id: site }, data: { name: "Renamed", verified: true, removedAt: null, lastVerifiedAt: new Date() } }),
        () => db.site.create({ data: { domain: "empty.example", ownerWallet: "0x3", verified: true } }),
      ];
      for (const [i, write] of stay.entries()) expect(await moved(write), `write ${i}`).toBe(0);
    });

    it(`moves ${provider.name === "postgres" ? "once per transaction, at its commit" : "once per row written"}`, async () => {
      const many = () => db.content.createMany({ data: [item("m1"), item("m2"), item("m3")] });
      expect(await moved(many)).toBe(provider.name === "postgres" ? 1 : 3);
    });

    it("answers a kept count until the epoch moves, then counts again", async () => {
      // A count the epoch does not follow (ratings), so a kept answer shows as the old number.
      const ratings = Prisma.sql`SELECT COUNT(*) FROM "Rating"`;
      const contentRows = Prisma.sql`SELECT COUNT(*) FROM "Content"`;
      const rate = (n: number) => db.rating.create({ data: { network: "testnet", contentId: "e3", wallet: `0x${n}`, value: 5, contentHash: "h" } });
      const first = await countKept("ratings", ratings, contentRows);
      await rate(1);
      const kept = await countKept("ratings", ratings, contentRows);
      expect(kept.count, "kept under the same epoch").toBe(first.count);
      // `beside` is read on every call.
      await db.content.create({ data: item("e4") }); // moves the epoch
      const again = await countKept("ratings", ratings, contentRows);
      expect(again).toEqual({ count: first.count + 1, beside: kept.beside + 1 });
      // Another filter's key is its own.
      expect((await countKept("ratings, other key", ratings, contentRows)).count).toBe(first.count + 1);
    });

    it("is made again at a fresh random value when its row is missing, and nothing is kept meanwhile", async () => {
      await db.$executeRaw`DELETE FROM "ContentEpoch"`;
      expect(await epochOf()).toBeNull();
      const ratings = Prisma.sql`SELECT COUNT(*) FROM "Rating"`;
      const before = (await countKept("no epoch", ratings, Prisma.sql`SELECT 0`)).count;
      await db.rating.create({ data: { network: "testnet", contentId: "e3", wallet: "0xnone", value: 4, contentHash: "h" } });
      expect((await countKept("no epoch", ratings, Prisma.sql`SELECT 0`)).count, "not kept without an epoch").toBe(before + 1);
      await db.content.create({ data: item("e5") });
      expect(await epoch()).toBeGreaterThan(0n);
    });
  });
}
