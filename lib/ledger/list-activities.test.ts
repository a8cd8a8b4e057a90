import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { unitDatabases } from "@/e2e/support/unit-databases";

// The ledger's rows are read as one text each and their public shape kept under it (lib/row-text.ts).
// On each database: every activity is what toActivity makes of the row Prisma reads (values at the edge
// of their type included), the API's JSON text is JSON.stringify of the object answer, and the cursor
// walks every row once.
const units = await unitDatabases("ledger-rows");
afterAll(units.removeFiles);

const BIG = 2n ** 62n + 3n; // past 2^53: read back as a number, it would be rounded

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`the ledger's rows on ${provider.name}`, () => {
    let db: Db;
    let mod: typeof import("./list-activities");

    beforeAll(async () => {
      db = await units.openForHub(provider, { READ_CACHE_MS: "0" });
      mod = await import("./list-activities");
      const at = (ms: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, 0, ms));
      await db.ledgerActivity.createMany({
        data: [
          { id: "a1", network: "testnet", type: "payment", timestamp: at(1), amountAtomic: BIG, revenueAtomic: BIG - 1n, protocolFeeAtomic: 1n, chainId: 84532, status: "settled", contentTitle: "Tïtle \"q\" \\ ✓", domain: "a.example", payerWallet: "0xp", txHash: "0xt" },
          { id: "a2", network: "testnet", type: "tip", subkind: "refund", timestamp: at(2), amountAtomic: -250_000n, revenueAtomic: 0n },
          { id: "a3", network: "testnet", type: "rating", timestamp: at(2), score: 47, proofType: "onchain", proof: "onchain:0xr", actor: "0xrater" },
          { id: "a4", network: "testnet", type: "quickshare", subkind: "unlock", timestamp: at(3), amountAtomic: 10n, contentId: "secret", contentTitle: "secret", payerWallet: "0xq" },
          { id: "a5", network: "mainnet", type: "view", timestamp: at(4) },
          ...Array.from({ length: 12 }, (_, i) => ({ id: `v${String(i).padStart(2, "0")}`, network: "testnet", type: "view", timestamp: at(0), actor: "human" })),
        ],
      });
    }, 120_000);
    afterAll(() => units.closeForHub(provider, db));

    it("makes every activity from the row's text as from the row itself, and the API's text is the object answer's JSON", async () => {
      const rows = await db.ledgerActivity.findMany({ where: { network: "testnet" }, orderBy: [{ timestamp: "desc" }, { id: "desc" }] });
      const want = rows.map((r) => JSON.parse(JSON.stringify(mod.toActivity(r))));
      for (let round = 0; round < 2; round++) {
        // Round 0 builds every activity; round 1 answers them all from the kept ones.
        const answer = await mod.listActivities({ limit: 50, skip: 0 });
        expect(JSON.parse(JSON.stringify(answer.activities))).toEqual(want);
        expect((await mod.listActivitiesAnswer({ limit: 50, skip: 0 })).body).toBe(JSON.stringify(answer));
      }
      const [first] = (await mod.listActivities({ limit: 1, skip: 0 })).activities;
      expect(first).toMatchObject({ id: "a4", contentId: null, payerWallet: "0xq" });
      const payment = (await mod.listActivities({ limit: 50, skip: 0, type: "payments" })).activities[0]!;
      expect(payment).toMatchObject({ id: "a1", chainId: "84532", contentTitle: "Tïtle \"q\" \\ ✓", timestamp: "2026-11-01T12:00:00.001Z" });
      expect(Object.isFrozen(payment)).toBe(true);
    });

    it("walks every row once by cursor", async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await mod.listActivities({ limit: 5, skip: 0, cursor });
        seen.push(...page.activities.map((a) => a.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(["a4", "a3", "a2", "a1", ...Array.from({ length: 12 }, (_, i) => `v${String(11 - i).padStart(2, "0")}`)]);
    });
  });
}
