import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { queryPlan, withAndWithoutStatistics } from "@/e2e/support/sqlite-plans";
import { checkAnswer } from "@/e2e/support/kept-checks";
import { unitDatabases } from "@/e2e/support/unit-databases";

// A facilitator call's key, site and page kept for Gateway settles (lib/facilitator/kept-facilitator-calls.ts),
// on each database: a lookup keeps what it read only while it would let a call through, later lookups get
// marked copies; the check a sale runs on a copy answers 0 while the key is live and the site and page hold
// every value the copy has, and 1 once any differs or a row is gone. On SQLite the check reads the key,
// the site and the page by their primary keys, with the planner's statistics and without.
const units = await unitDatabases("kept-facilitator-calls");
afterAll(units.removeFiles);

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`kept facilitator calls, on ${provider.name}`, () => {
    let db: Db;
    let mod: typeof import("./kept-facilitator-calls");
    let siteId: string;
    // The kept calls are the process's, shared by both databases' runs: each run's keys and pages are its own.
    const keyHash = (i: number) => `${provider.name}-hash-${i}`;
    const page = (i: number) => ({ network: "testnet", externalId: `https://kept.example/${provider.name}/${i}` });

    beforeAll(async () => {
      db = await units.openForHub(provider);
      mod = await import("./kept-facilitator-calls");
      siteId = (await db.site.create({ data: { domain: `kept-${provider.name}.example`, name: "Kept", ownerWallet: "0xowner", verified: true, verificationStatus: "verified", lastVerifiedAt: new Date() } })).id;
      // Other sites, keys and pages, so a plan that walks any of them would show.
      await db.site.createMany({ data: Array.from({ length: 300 }, (_, i) => ({ id: `${provider.name}-other-${i}`, domain: `other-${provider.name}-${i}.example`, name: `Other ${i}`, ownerWallet: "0xother" })) });
      await db.facilitatorKey.createMany({
        data: Array.from({ length: 300 }, (_, i) => ({ id: `${provider.name}-key-${i}`, siteId: i < 10 ? siteId : `${provider.name}-other-${i}`, keyHash: keyHash(i), prefix: "fk_x", createdBy: "0xowner" })),
      });
      await db.content.createMany({
        data: Array.from({ length: 200 }, (_, i) => ({ id: `${provider.name}-c${i}`, network: "testnet", siteId, externalId: page(i).externalId, title: `Page ${i}`, url: page(i).externalId, path: `/${i}`, priceAtomic: 10_000n, lastSeenAt: new Date() })),
      });
    }, 120_000);
    afterAll(() => units.closeForHub(provider, db));

    /** What the check of `rows` answers now (0: unchanged). */
    const checked = (rows: Parameters<typeof mod.keptCallCheck>[0]) => checkAnswer(db, mod.keptCallCheck(rows, () => new Error("changed")));

    it("keeps what a lookup read while it would let a call through: later lookups get marked copies, a renewal reads again", async () => {
      const read = await mod.facilitatorCallRows(keyHash(1), page(1), "use");
      expect(read).toMatchObject({ key: { id: `${provider.name}-key-1`, revokedAt: null }, site: { id: siteId }, item: { id: `${provider.name}-c1`, priceAtomic: 10_000n } });
      expect(mod.isKeptCall(read!)).toBe(false); // the read itself decides its own call
      const copy = await mod.facilitatorCallRows(keyHash(1), page(1), "use");
      expect(copy).toEqual(read);
      expect(mod.isKeptCall(copy!)).toBe(true);
      // Without `how` (verify, a plain settle) it is read every time.
      expect(mod.isKeptCall((await mod.facilitatorCallRows(keyHash(1), page(1), undefined))!)).toBe(false);

      await db.content.update({ where: { id: `${provider.name}-c1` }, data: { priceAtomic: 20_000n } });
      expect((await mod.facilitatorCallRows(keyHash(1), page(1), "use"))?.item?.priceAtomic).toBe(10_000n); // kept: its sale's check decides
      const renewed = await mod.facilitatorCallRows(keyHash(1), page(1), "renew");
      expect(renewed?.item?.priceAtomic).toBe(20_000n);
      expect(mod.isKeptCall(renewed!)).toBe(false);
      const after = await mod.facilitatorCallRows(keyHash(1), page(1), "use");
      expect(after?.item?.priceAtomic).toBe(20_000n);
      expect(mod.isKeptCall(after!)).toBe(true);
    });

    it("keeps nothing that would not let a call through: an unknown key or page, a revoked key, an unverified site, a page due its lastSeenAt", async () => {
      const neverKept = async (hash: string, p: ReturnType<typeof page>) => {
        await mod.facilitatorCallRows(hash, p, "use");
        const again = await mod.facilitatorCallRows(hash, p, "use");
        return again === null || !mod.isKeptCall(again);
      };
      expect(await neverKept(`${provider.name}-no-such-hash`, page(2))).toBe(true);
      expect(await neverKept(keyHash(2), { network: "testnet", externalId: "https://kept.example/not-listed" })).toBe(true);
      await db.facilitatorKey.update({ where: { id: `${provider.name}-key-3` }, data: { revokedAt: new Date() } });
      expect(await neverKept(keyHash(3), page(3))).toBe(true);
      expect(await neverKept(keyHash(11), page(4))).toBe(true); // another site's key: the page is not that site's (no row)
      await db.content.update({ where: { id: `${provider.name}-c5` }, data: { lastSeenAt: new Date(Date.now() - 61_000) } });
      expect(await neverKept(keyHash(4), page(5))).toBe(true); // its sale rewrites lastSeenAt: read afresh
      await db.site.update({ where: { id: siteId }, data: { verified: false, verificationStatus: "failed" } });
      try {
        expect(await neverKept(keyHash(5), page(6))).toBe(true);
      } finally {
        await db.site.update({ where: { id: siteId }, data: { verified: true, verificationStatus: "verified" } });
      }
      expect(await neverKept(keyHash(5), page(6))).toBe(false);
    });

    it("the sale's check answers 0 while every value holds, 1 once any differs or a row is gone", async () => {
      const id = `${provider.name}-c7`;
      const content = (data: Record<string, unknown>) => () => db.content.update({ where: { id }, data });
      const site = (data: Record<string, unknown>) => () => db.site.update({ where: { id: siteId }, data });
      const key = (data: Record<string, unknown>) => () => db.facilitatorKey.update({ where: { id: `${provider.name}-key-6` }, data });
      const changes: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
        ["key revoked", key({ revokedAt: new Date() }), key({ revokedAt: null })],
        ["price", content({ priceAtomic: 10_001n }), content({ priceAtomic: 10_000n })],
        ["policy", content({ accessPolicy: "blocked" }), content({ accessPolicy: "paid" })],
        ["recipient, from none", content({ recipientWallet: "0xnew" }), content({ recipientWallet: null })],
        ["title", content({ title: "Renamed" }), content({ title: "Page 7" })],
        ["description", content({ description: "Now described" }), content({ description: "" })],
        ["url", content({ url: "https://kept.example/moved" }), content({ url: page(7).externalId })],
        ["path", content({ path: "/moved" }), content({ path: "/7" })],
        ["search text", content({ searchText: "other words" }), content({ searchText: "" })],
        ["owner wallet", site({ ownerWallet: "0xother" }), site({ ownerWallet: "0xowner" })],
        ["fee wallet, from none", site({ feeWallet: "0xfee" }), site({ feeWallet: null })],
        ["site name", site({ name: "Renamed" }), site({ name: "Kept" })],
        ["hosting", site({ hosted: true }), site({ hosted: false })],
        ["domain", site({ domain: `moved-${provider.name}.example` }), site({ domain: `kept-${provider.name}.example` })],
        ["verification failed", site({ verified: false, verificationStatus: "failed" }), site({ verified: true, verificationStatus: "verified" })],
        ["removal", site({ removedAt: new Date() }), site({ removedAt: null })],
      ];
      const rows = await mod.facilitatorCallRows(keyHash(6), page(7), "renew");
      expect(rows?.item?.accessPolicy).toBe("paid");
      expect(await checked(rows!)).toBe(0);
      for (const [what, change, undo] of changes) {
        await change();
        expect(await checked(rows!), what).toBe(1);
        await undo();
        expect(await checked(rows!), `${what} undone`).toBe(0);
      }
      // What a sale moves (the page's counters and lastSeenAt, the key's last use) is not what a settle is decided from.
      await content({ unlocks: { increment: 1 }, revenueAtomic: { increment: 10_000n }, lastSeenAt: new Date() })();
      await key({ lastUsedAt: new Date() })();
      expect(await checked(rows!)).toBe(0);
      await db.content.delete({ where: { id } });
      expect(await checked(rows!)).toBe(1);
      const failed = mod.keptCallCheck(rows!, () => new Error("the call changed"));
      expect("check" in failed && failed.atMost).toBe(0n);
      expect("check" in failed && failed.fail(1n).message).toBe("the call changed");
    });

    it.skipIf(provider.name !== "sqlite")("reads the key, the site and the page by their primary keys, with the planner's statistics and without", async () => {
      const rows = await mod.facilitatorCallRows(keyHash(7), page(8), "renew");
      const check = mod.keptCallCheck(rows!, () => new Error("changed"));
      if (!("check" in check)) throw new Error("a kept call's check is a check statement");
      withAndWithoutStatistics(provider.url.replace(/^file:/, ""), (fresh) => {
        const plan = queryPlan(fresh, check.check).join("\n");
        expect(plan).toMatch(/SEARCH k USING INDEX sqlite_autoindex_FacilitatorKey_1 \(id=\?\)/);
        expect(plan).toMatch(/SEARCH s USING INDEX sqlite_autoindex_Site_1 \(id=\?\)/);
        expect(plan).toMatch(/SEARCH c USING INDEX sqlite_autoindex_Content_1 \(id=\?\)/);
        expect(plan).not.toMatch(/SCAN [csk]\b/);
      });
    });
  });
}
