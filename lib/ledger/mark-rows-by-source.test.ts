import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { queryPlan, withAndWithoutStatistics } from "@/e2e/support/sqlite-plans";
import { unitDatabases } from "@/e2e/support/unit-databases";

// On SQLite (a temporary file) and PostgreSQL (a schema of its own; skipped when it does not answer).
const units = await unitDatabases("mark-rows-by-source");
afterAll(units.removeFiles);

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`markRowsBySource on ${provider.name}`, () => {
    let db: Db;
    let mod: typeof import("./mark-rows-by-source");

    beforeAll(async () => {
      db = await units.openForHub(provider);
      mod = await import("./mark-rows-by-source");
      // A ledger most of whose rows have no sourceKey (a share's views, added up), and a batch's payments.
      await db.ledgerActivity.createMany({ data: Array.from({ length: 3_000 }, () => ({ network: "testnet", type: "quickshare", subkind: "view" })) });
      await db.ledgerActivity.createMany({
        data: Array.from({ length: 6 }, (_, i) => ({ network: "testnet", type: "payment", sourceKey: `payment:p${i}`, status: "locked", amountAtomic: 10_000n })),
      });
    }, 120_000);
    afterAll(() => units.closeForHub(provider, db));

    it("marks exactly the rows of the sources listed, and nothing for an empty list", async () => {
      expect(await mod.markRowsBySource(db, ["payment:p1", "payment:p3", "payment:missing"], { status: "settled", txHash: "0xbatch" })).toBe(2);
      expect(await mod.markRowsBySource(db, [], { status: "settled", txHash: "0xnone" })).toBe(0);
      expect(await mod.markRowsBySource(db, ["payment:p5"], { status: "failed" })).toBe(1);
      const rows = await db.ledgerActivity.findMany({ where: { type: "payment" }, orderBy: { sourceKey: "asc" }, select: { sourceKey: true, status: true, txHash: true } });
      expect(rows).toEqual([
        { sourceKey: "payment:p0", status: "locked", txHash: null },
        { sourceKey: "payment:p1", status: "settled", txHash: "0xbatch" },
        { sourceKey: "payment:p2", status: "locked", txHash: null },
        { sourceKey: "payment:p3", status: "settled", txHash: "0xbatch" },
        { sourceKey: "payment:p4", status: "locked", txHash: null },
        { sourceKey: "payment:p5", status: "failed", txHash: null },
      ]);
      expect(await db.ledgerActivity.count({ where: { sourceKey: null, status: null } })).toBe(3_000);
    });

    it.skipIf(provider.name !== "sqlite")("takes the sourceKey index for a list of keys, whatever statistics SQLite has, where most rows have none", () => {
      const keys = Array.from({ length: 30 }, (_, i) => `payment:p${i}`);
      const sql = mod.markRowsBySourceSql(keys, { status: "settled", txHash: "0xplan" });
      withAndWithoutStatistics(provider.url.replace(/^file:/, ""), (fresh) => {
        const details = queryPlan(fresh, sql);
        expect(details, details.join("\n")).toEqual(["SEARCH LedgerActivity USING INDEX LedgerActivity_sourceKey_key (sourceKey=?)"]);
      });
    });
  });
}
