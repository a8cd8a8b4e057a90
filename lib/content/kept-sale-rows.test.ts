import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { queryPlan, withAndWithoutStatistics } from "@/e2e/support/sqlite-plans";
import { checkAnswer } from "@/e2e/support/kept-checks";
import { unitDatabases } from "@/e2e/support/unit-databases";

// Content rows kept for Gateway sales (lib/content/kept-sale-rows.ts), on each database: a lookup keeps
// what it read and later ones get marked copies; the check a sale runs on a copy answers 0 while the row
// and its site hold every value the copy has, and 1 once any of them differs or the row is gone. On
// SQLite the check reads both rows by their primary keys, with the planner's statistics and without.
const units = await unitDatabases("kept-sale-rows");
afterAll(units.removeFiles);

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`kept sale rows, on ${provider.name}`, () => {
    let db: Db;
    let mod: typeof import("./kept-sale-rows");
    let siteId: string;
    // The kept rows are the process's, shared by both databases' runs: each run's ids are its own.
    const k = (i: number) => `${provider.name}-k${i}`;

    beforeAll(async () => {
      db = await units.openForHub(provider);
      mod = await import("./kept-sale-rows");
      siteId = (await db.site.create({ data: { domain: "kept.example", name: "Kept", ownerWallet: "0xowner", verified: true } })).id;
      // Other sites, so a plan that walks the sites would show.
      await db.site.createMany({ data: Array.from({ length: 300 }, (_, i) => ({ domain: `other-${i}.example`, name: `Other ${i}`, ownerWallet: "0xother" })) });
      await db.content.createMany({
        data: Array.from({ length: 200 }, (_, i) => ({ id: k(i), network: "testnet", siteId, externalId: `${provider.name}-own-${i}`, title: `Item ${i}`, url: `https://kept.example/p/${i}`, priceAtomic: 50_000n })),
      });
    }, 120_000);
    afterAll(() => units.closeForHub(provider, db));

    const lookup = (contentId: string) => ({ network: "testnet", contentId });
    /** What the check of `row` answers now (0: unchanged). */
    const checked = (row: Parameters<typeof mod.keptRowCheck>[0]) => checkAnswer(db, mod.keptRowCheck(row, () => new Error("changed")));

    it("keeps what a lookup read: later lookups get marked copies, a renewal reads again", async () => {
      const [read] = await mod.keptSaleRows(lookup(k(1)), "use");
      expect(read).toMatchObject({ id: k(1), priceAtomic: 50_000n, site: { domain: "kept.example", removed: false } });
      expect(mod.isKeptRow(read!)).toBe(false); // the read itself prices its own request
      const [copy] = await mod.keptSaleRows(lookup(k(1)), "use");
      expect(copy).toEqual(read);
      expect(mod.isKeptRow(copy!)).toBe(true);
      // By the site's own id, the same row.
      await mod.keptSaleRows(lookup(`${provider.name}-own-1`), "use");
      const [byOwn] = await mod.keptSaleRows(lookup(`${provider.name}-own-1`), "use");
      expect(byOwn).toMatchObject({ id: k(1) });
      expect(mod.isKeptRow(byOwn!)).toBe(true);

      await db.content.update({ where: { id: k(1) }, data: { priceAtomic: 70_000n } });
      const [stale] = await mod.keptSaleRows(lookup(k(1)), "use");
      expect(stale?.priceAtomic).toBe(50_000n); // kept: its sale's check decides
      const [renewed] = await mod.keptSaleRows(lookup(k(1)), "renew");
      expect(renewed?.priceAtomic).toBe(70_000n);
      expect(mod.isKeptRow(renewed!)).toBe(false);
      const [after] = await mod.keptSaleRows(lookup(k(1)), "use");
      expect(after?.priceAtomic).toBe(70_000n);
      expect(mod.isKeptRow(after!)).toBe(true);
      // An id that names nothing is read every time, never kept.
      expect(await mod.keptSaleRows(lookup(`${provider.name}-nothing`), "use")).toEqual([]);
      await db.content.create({ data: { id: `${provider.name}-nothing`, network: "testnet", siteId, externalId: `${provider.name}-late`, title: "Late", url: "https://kept.example/late", priceAtomic: 1n } });
      const [late] = await mod.keptSaleRows(lookup(`${provider.name}-nothing`), "use");
      expect(late).toMatchObject({ id: `${provider.name}-nothing` });
      expect(mod.isKeptRow(late!)).toBe(false);
    });

    it("the sale's check answers 0 while every value holds, 1 once any differs or the row is gone", async () => {
      const changes: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
        ["price", () => db.content.update({ where: { id: k(2) }, data: { priceAtomic: 50_001n } }), () => db.content.update({ where: { id: k(2) }, data: { priceAtomic: 50_000n } })],
        ["policy", () => db.content.update({ where: { id: k(2) }, data: { accessPolicy: "blocked" } }), () => db.content.update({ where: { id: k(2) }, data: { accessPolicy: "paid" } })],
        ["recipient, from none", () => db.content.update({ where: { id: k(2) }, data: { recipientWallet: "0xnew" } }), () => db.content.update({ where: { id: k(2) }, data: { recipientWallet: null } })],
        ["title", () => db.content.update({ where: { id: k(2) }, data: { title: "Renamed" } }), () => db.content.update({ where: { id: k(2) }, data: { title: "Item 2" } })],
        ["url", () => db.content.update({ where: { id: k(2) }, data: { url: "https://kept.example/moved" } }), () => db.content.update({ where: { id: k(2) }, data: { url: "https://kept.example/p/2" } })],
        ["owner wallet", () => db.site.update({ where: { id: siteId }, data: { ownerWallet: "0xother" } }), () => db.site.update({ where: { id: siteId }, data: { ownerWallet: "0xowner" } })],
        ["fee wallet, from none", () => db.site.update({ where: { id: siteId }, data: { feeWallet: "0xfee" } }), () => db.site.update({ where: { id: siteId }, data: { feeWallet: null } })],
        ["hosting", () => db.site.update({ where: { id: siteId }, data: { hosted: true } }), () => db.site.update({ where: { id: siteId }, data: { hosted: false } })],
        ["domain", () => db.site.update({ where: { id: siteId }, data: { domain: "moved.example" } }), () => db.site.update({ where: { id: siteId }, data: { domain: "kept.example" } })],
        ["removal", () => db.site.update({ where: { id: siteId }, data: { removedAt: new Date() } }), () => db.site.update({ where: { id: siteId }, data: { removedAt: null } })],
      ];
      const [row] = await mod.keptSaleRows(lookup(k(2)), "renew");
      expect(row?.accessPolicy).toBe("paid");
      expect(await checked(row!)).toBe(0);
      for (const [what, change, undo] of changes) {
        await change();
        expect(await checked(row!), what).toBe(1);
        await undo();
        expect(await checked(row!), `${what} undone`).toBe(0);
      }
      // The content's counters are not what a sale is priced from: a sale moving them changes nothing.
      await db.content.update({ where: { id: k(2) }, data: { unlocks: { increment: 1 }, revenueAtomic: { increment: 50_000n } } });
      expect(await checked(row!)).toBe(0);
      await db.content.delete({ where: { id: k(2) } });
      expect(await checked(row!)).toBe(1);
      const failed = mod.keptRowCheck(row!, () => new Error("the row changed"));
      expect("check" in failed && failed.atMost).toBe(0n);
      expect("check" in failed && failed.fail(1n).message).toBe("the row changed");
    });

    it.skipIf(provider.name !== "sqlite")("reads the content and site rows by their primary keys, with the planner's statistics and without", async () => {
      const [row] = await mod.keptSaleRows(lookup(k(3)), "renew");
      const check = mod.keptRowCheck(row!, () => new Error("changed"));
      if (!("check" in check)) throw new Error("a kept row's check is a check statement");
      withAndWithoutStatistics(provider.url.replace(/^file:/, ""), (fresh) => {
        const plan = queryPlan(fresh, check.check).join("\n");
        expect(plan).toMatch(/SEARCH c USING INDEX sqlite_autoindex_Content_1 \(id=\?\)/);
        expect(plan).toMatch(/SEARCH s USING INDEX sqlite_autoindex_Site_1 \(id=\?\)/);
        expect(plan).not.toMatch(/SCAN [cs]\b/);
      });
    });
  });
}
