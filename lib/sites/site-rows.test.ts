import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { unitDatabases } from "@/e2e/support/unit-databases";

// The raw reads of a widget event and a facilitator call must return what Prisma's findUnique returns,
// column for column and type for type (dates, booleans, bigints, floats, nulls), on each database: the
// callers hand them on as Prisma's rows (site checks, the item's listed fields compared with the event's).
const units = await unitDatabases("site-rows");
afterAll(units.removeFiles);

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`a site's rows read raw, on ${provider.name}`, () => {
    let db: Db;
    let mod: typeof import("./site-rows");

    beforeAll(async () => {
      db = await units.openForHub(provider);
      mod = await import("./site-rows");
    });
    afterAll(() => units.closeForHub(provider, db));

    it("reads a site as findUnique does, every kind of column set and unset", async () => {
      const full = await db.site.create({
        data: {
          domain: "full.example",
          name: "Full",
          description: "Every column",
          faviconUrl: "https://full.example/f.ico",
          ownerWallet: "0x00000000000000000000000000000000000000a1",
          feeWallet: "0x00000000000000000000000000000000000000a2",
          siteKey: "pk_full",
          secretHash: "ab".repeat(32),
          verifyToken: "legacy",
          verified: true,
          verificationStatus: "verified",
          verificationSource: "widget",
          lastVerifiedAt: new Date("2026-11-01T10:20:30.456Z"),
          removedAt: new Date("2026-11-02T00:00:00.001Z"),
          hosted: true,
          blogActive: true,
          blogName: "Full blog",
        },
      });
      const bare = await db.site.create({ data: { domain: "bare.example", ownerWallet: "0x00000000000000000000000000000000000000b1" } });
      for (const site of [full, bare]) {
        const raw = await mod.siteById(site.id, db);
        expect(raw).toStrictEqual(await db.site.findUnique({ where: { id: site.id } }));
      }
      expect(await mod.siteById("no-such-site", db)).toBeNull();
    });

    it("reads an item by its site's own id as findUnique does", async () => {
      const site = await db.site.create({ data: { domain: "items.example", ownerWallet: "0x00000000000000000000000000000000000000c1" } });
      const rich = await db.content.create({
        data: {
          network: "testnet",
          siteId: site.id,
          externalId: "rich/1",
          title: "Rich",
          description: "d",
          imageUrl: "https://items.example/i.png",
          contentType: "music",
          tags: "a,b",
          tagsTentative: true,
          url: "https://items.example/rich/1",
          path: "/rich/1",
          priceAtomic: 9_007_199_254_740_993n,
          recipientWallet: "0x00000000000000000000000000000000000000c2",
          accessPolicy: '{"humans":"paid"}',
          unlockPolicy: "one_time",
          views: 7,
          unlocks: 3,
          revenueAtomic: 123_456_789n,
          trendScore: 12.625,
          lastSeenAt: new Date("2026-11-03T04:05:06.789Z"),
          searchText: "rich d a b",
        },
      });
      const plain = await db.content.create({ data: { network: "testnet", siteId: site.id, externalId: "plain", url: "https://items.example/plain" } });
      await db.content.create({ data: { network: "mainnet", siteId: site.id, externalId: "plain", url: "https://items.example/plain" } });
      for (const item of [rich, plain]) {
        const key = { network: "testnet", siteId: site.id, externalId: item.externalId! };
        const raw = await mod.siteItem(db, key);
        expect(raw).toStrictEqual(await db.content.findUnique({ where: { network_siteId_externalId: key } }));
      }
      expect(await mod.siteItem(db, { network: "testnet", siteId: site.id, externalId: "missing" })).toBeNull();
    });

    it("reads a facilitator key, its site and the site's item as findUnique does, used and revoked or not", async () => {
      const site = await db.site.create({
        data: { domain: "keys.example", ownerWallet: "0x00000000000000000000000000000000000000d1", verified: true, lastVerifiedAt: new Date("2026-11-01T00:00:00.125Z"), hosted: true },
      });
      const other = await db.site.create({ data: { domain: "other-keys.example", ownerWallet: "0x00000000000000000000000000000000000000d2" } });
      const used = await db.facilitatorKey.create({
        data: { siteId: site.id, keyHash: "cd".repeat(32), prefix: "fk_used", label: "server", createdBy: "0x00000000000000000000000000000000000000d1", lastUsedAt: new Date("2026-11-04T01:02:03.004Z"), revokedAt: new Date("2026-11-05T00:00:00.000Z") },
      });
      const fresh = await db.facilitatorKey.create({ data: { siteId: other.id, keyHash: "ef".repeat(32), prefix: "fk_new", createdBy: "0x00000000000000000000000000000000000000d1" } });
      // The same page id on both sites and on the other network: only the key's site's row on the asked network is its item.
      const page = "https://keys.example/paid/1";
      const item = await db.content.create({
        data: {
          network: "testnet", siteId: site.id, externalId: page, url: page, path: "/paid/1", title: "Paid", priceAtomic: 9_007_199_254_740_993n, accessPolicy: '{"agents":"20000"}',
          tagsTentative: true, revenueAtomic: 5n, trendScore: 1.5, lastSeenAt: new Date("2026-11-03T04:05:06.789Z"), searchText: "paid",
        },
      });
      await db.content.create({ data: { network: "mainnet", siteId: site.id, externalId: page, url: page } });
      const twin = await db.content.create({ data: { network: "testnet", siteId: other.id, externalId: page, url: page } });
      for (const [key, own] of [[used, item], [fresh, twin]] as const) {
        const row = await db.facilitatorKey.findUnique({ where: { keyHash: key.keyHash }, include: { site: true } });
        const expected = { key: { id: row!.id, revokedAt: row!.revokedAt, lastUsedAt: row!.lastUsedAt }, site: row!.site };
        expect(await mod.facilitatorKeySite(key.keyHash, { network: "testnet", externalId: page }, db)).toStrictEqual({
          ...expected,
          item: await db.content.findUnique({ where: { id: own.id } }),
        });
        expect(await mod.facilitatorKeySite(key.keyHash, { network: "testnet", externalId: `${page}/missing` }, db)).toStrictEqual({ ...expected, item: null });
        expect(await mod.facilitatorKeySite(key.keyHash, null, db)).toStrictEqual({ ...expected, item: null });
      }
      expect((await mod.facilitatorKeySite(used.keyHash, null, db))?.key.revokedAt).toStrictEqual(new Date("2026-11-05T00:00:00.000Z"));
      expect(await mod.facilitatorKeySite("00".repeat(32), { network: "testnet", externalId: page }, db)).toBeNull();
    });
  });
}
