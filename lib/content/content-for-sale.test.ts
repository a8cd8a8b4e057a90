import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { queryPlan, withAndWithoutStatistics } from "@/e2e/support/sqlite-plans";
import { unitDatabases } from "@/e2e/support/unit-databases";
import type { SaleLookup } from "./content-for-sale";

// The content a sale names (every 402 and every paid unlock), on each database: by hub id or a site's
// own id, by URL, by path; oldest first, at most five. On SQLite, the plan of each lookup is checked on
// a connection with the planner's statistics and on one without: it must read the lookup's own index,
// never walk the network's content in creation order.
const units = await unitDatabases("content-for-sale");
afterAll(units.removeFiles);

const MANY = 3_000; // enough content rows that a walk of the network would show in the plan

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`the content a sale names, on ${provider.name}`, () => {
    let db: Db;
    let mod: typeof import("./content-for-sale");
    let siteA: string;
    let siteB: string;

    beforeAll(async () => {
      db = await units.openForHub(provider);
      mod = await import("./content-for-sale");
      siteA = (await db.site.create({ data: { domain: "a.example", name: "A", ownerWallet: "0xa", verified: true } })).id;
      siteB = (await db.site.create({ data: { domain: "b.example", name: "B", ownerWallet: "0xb", verified: true, hosted: true, removedAt: new Date() } })).id;
      const t0 = Date.parse("2026-01-01T00:00:00Z");
      await db.content.createMany({
        data: Array.from({ length: MANY }, (_, i) => ({
          id: `c${String(i).padStart(5, "0")}`,
          network: "testnet",
          siteId: siteA,
          externalId: `item-${i}`,
          title: `Item ${i}`,
          url: `https://a.example/p/${i}`,
          path: `/p/${i}`,
          priceAtomic: BigInt(i) * 10_000n,
          createdAt: new Date(t0 + i * 1_000),
        })),
      });
      // The same own id on two sites (the older on B), the same path on both, one shared URL, and a hub id
      // that equals another item's own id; plus a mainnet item that no testnet lookup may return.
      await db.content.createMany({
        data: [
          { id: "b-dup", network: "testnet", siteId: siteB, externalId: "item-7", title: "B's item-7", url: "https://b.example/p/7", path: "/p/7", createdAt: new Date(t0 - 5_000) },
          { id: "item-9", network: "testnet", siteId: siteB, externalId: "b-own", title: "Hub id item-9", url: "https://b.example/x", path: "/x", createdAt: new Date(t0 + 9_000_000) },
          { id: "main-1", network: "mainnet", siteId: siteA, externalId: "item-7", title: "Mainnet", url: "https://a.example/p/7", path: "/p/7" },
        ],
      });
    }, 120_000);
    afterAll(() => units.closeForHub(provider, db));

    const ids = async (lookup: SaleLookup) => (await mod.contentForSale(lookup)).map((r) => r.id);

    it("finds content by hub id or own id, by URL and by path, oldest first, on this network only", async () => {
      expect(await ids({ by: "id", network: "testnet", contentId: "c00042" })).toEqual(["c00042"]);
      expect(await ids({ by: "id", network: "testnet", contentId: "item-7" })).toEqual(["b-dup", "c00007"]);
      expect(await ids({ by: "id", network: "testnet", contentId: "item-7", siteId: siteA })).toEqual(["c00007"]);
      // A hub id equal to another item's own id: both rows, oldest first (contentById prefers the hub id).
      expect(await ids({ by: "id", network: "testnet", contentId: "item-9" })).toEqual(["c00009", "item-9"]);
      expect(await ids({ by: "id", network: "mainnet", contentId: "item-7" })).toEqual(["main-1"]);
      expect(await ids({ by: "id", network: "testnet", contentId: "nothing" })).toEqual([]);
      expect(await ids({ by: "url", network: "testnet", url: "https://a.example/p/7" })).toEqual(["c00007"]);
      expect(await ids({ by: "path", network: "testnet", path: "/p/7" })).toEqual(["b-dup", "c00007"]);
      expect(await ids({ by: "path", network: "testnet", path: "/p/7", siteId: siteB })).toEqual(["b-dup"]);
    });

    it("carries what a sale reads of the item and its site", async () => {
      const [row] = await mod.contentForSale({ by: "id", network: "testnet", contentId: "c00003" });
      expect(row).toMatchObject({ externalId: "item-3", title: "Item 3", priceAtomic: 30_000n, siteId: siteA, site: { domain: "a.example", ownerWallet: "0xa", hosted: false, removed: false } });
      const [onB] = await mod.contentForSale({ by: "id", network: "testnet", contentId: "b-own" });
      expect(onB?.site).toMatchObject({ domain: "b.example", hosted: true, removed: true });
    });

    it.skipIf(provider.name !== "sqlite")("reads each lookup's own index, with the planner's statistics (samples included) and without any", async () => {
      const lookups: Array<[SaleLookup, RegExp]> = [
        [{ by: "id", network: "testnet", contentId: "item-7" }, /Content_network_externalId_idx/],
        [{ by: "id", network: "testnet", contentId: "item-7", siteId: siteA }, /Content_network_siteId_externalId_key/],
        [{ by: "url", network: "testnet", url: "https://a.example/p/7" }, /Content_network_url_idx \(network=\? AND url=\?\)/],
        [{ by: "path", network: "testnet", path: "/p/7" }, /Content_network_path_idx \(network=\? AND path=\?\)/],
        [{ by: "path", network: "testnet", path: "/p/7", siteId: siteA }, /Content_network_path_idx \(network=\? AND path=\?\)/],
      ];
      // Each lookup's plan, with the planner's statistics (samples included) and without any.
      withAndWithoutStatistics(provider.url.replace(/^file:/, ""), (fresh) => {
        for (const [lookup, index] of lookups) {
          const p = queryPlan(fresh, mod.saleLookupSql(lookup)).join("\n");
          expect(p, JSON.stringify(lookup)).toMatch(index);
          expect(p, JSON.stringify(lookup)).not.toMatch(/Content_order_|SCAN c\b|\(network=\?\)\n/);
        }
      });
    });
  });
}
