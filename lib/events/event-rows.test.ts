import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { unitDatabases } from "@/e2e/support/unit-databases";

// The raw reads of a widget event must return what Prisma's findUnique returns, column for column and
// type for type (dates, booleans, bigints, floats, nulls), on each database: the event path hands them
// on as Prisma's rows (site checks, the item's listed fields compared with the event's).
const units = await unitDatabases("event-rows");
afterAll(units.removeFiles);

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`a widget event's rows, on ${provider.name}`, () => {
    let db: Db;
    let mod: typeof import("./event-rows");

    beforeAll(async () => {
      db = await units.openForHub(provider);
      mod = await import("./event-rows");
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
        const raw = await mod.siteForEvent(site.id, db);
        expect(raw).toStrictEqual(await db.site.findUnique({ where: { id: site.id } }));
      }
      expect(await mod.siteForEvent("no-such-site", db)).toBeNull();
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
        const raw = await mod.contentForEvent(db, key);
        expect(raw).toStrictEqual(await db.content.findUnique({ where: { network_siteId_externalId: key } }));
      }
      expect(await mod.contentForEvent(db, { network: "testnet", siteId: site.id, externalId: "missing" })).toBeNull();
    });
  });
}
