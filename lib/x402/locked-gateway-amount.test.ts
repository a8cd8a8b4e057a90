import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { queryPlan, withAndWithoutStatistics } from "@/e2e/support/sqlite-plans";
import { unitDatabases } from "@/e2e/support/unit-databases";

// On SQLite (a temporary file) and PostgreSQL (a schema of its own; skipped when it does not answer).
const units = await unitDatabases("locked-amount");
afterAll(units.removeFiles);

const CHAIN = 5042002;
const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const readAt = new Date("2026-11-29T12:00:00Z");
const minutes = (n: number) => new Date(readAt.getTime() + n * 60_000);

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`lockedGatewayAmount on ${provider.name}`, () => {
    let db: Db;
    let env: (typeof import("@/lib/env"))["env"];
    let lockedGatewayAmount: (typeof import("./locked-gateway-amount"))["lockedGatewayAmount"];
    let lockedGatewayAmountQuery: (typeof import("./locked-gateway-amount"))["lockedGatewayAmountQuery"];
    beforeAll(async () => {
      // openForHub, then the modules: the query's SQL follows the hub's configured database (unplannedValue).
      db = await units.openForHub(provider);
      ({ env } = await import("@/lib/env"));
      ({ lockedGatewayAmount, lockedGatewayAmountQuery } = await import("./locked-gateway-amount"));
      let n = 0;
      const pay = (amountAtomic: bigint, over: { status: string; settledAt?: Date; payer?: string; chainId?: number; rail?: string; network?: string }) =>
        db.payment.create({
          data: { network: env.NETWORK_MODE, chainId: CHAIN, rail: "gateway", resourceType: "content", resourceId: "c", payer: PAYER, payTo: OTHER, recipient: OTHER, amountAtomic, nonce: `0x${(n++).toString(16)}`, ...over },
        });
      await pay(2n ** 60n + 1n, { status: "locked" }); // above 2^53: the sum must stay exact
      await pay(2n, { status: "settling" });
      await pay(4n, { status: "settled", settledAt: minutes(1) }); // after the balance read
      await pay(8n, { status: "settled", settledAt: new Date(readAt.getTime() - 5_000) }); // within the clock skew allowed
      await pay(16n, { status: "settled", settledAt: minutes(-60) }); // the balance read saw its debit
      await pay(32n, { status: "failed" });
      await pay(64n, { status: "locked", chainId: 1 });
      await pay(128n, { status: "locked", rail: "eip3009" });
      await pay(256n, { status: "locked", payer: OTHER });
      await pay(512n, { status: "locked", network: env.NETWORK_MODE === "testnet" ? "mainnet" : "testnet" });
    }, 60_000);
    afterAll(() => units.closeForHub(provider, db));

    it("owes the locked and settling payments, and those settled since the balance read (less the clock skew)", async () => {
      expect(await lockedGatewayAmount({ chainId: CHAIN, payer: PAYER }, db)).toBe(2n ** 60n + 1n + 2n);
      expect(await lockedGatewayAmount({ chainId: CHAIN, payer: PAYER, balanceReadAt: readAt }, db)).toBe(2n ** 60n + 1n + 2n + 4n + 8n);
      expect(await lockedGatewayAmount({ chainId: CHAIN, payer: PAYER, balanceReadAt: minutes(-61) }, db)).toBe(2n ** 60n + 1n + 2n + 4n + 8n + 16n);
      expect(await lockedGatewayAmount({ chainId: CHAIN, payer: "0x0000000000000000000000000000000000000001", balanceReadAt: readAt }, db)).toBe(0n);
    });

    it.skipIf(provider.name !== "sqlite")("reads only the owed-amounts index, with the planner's statistics (samples included) and without any, for a payer with a long history", async () => {
      // A payer who has bought all day: thousands of settled payments, a hundred still locked. The values
      // are hidden from SQLite's planner, so the plan must come from the indexes alone: a walk of
      // (chainId, payer, nonce) would read the payer's whole history on every paid unlock.
      await db.payment.createMany({
        data: Array.from({ length: 3_000 }, (_, i) => ({
          network: env.NETWORK_MODE,
          chainId: CHAIN,
          rail: "gateway",
          resourceType: "content",
          resourceId: "c",
          payer: OTHER,
          payTo: PAYER,
          recipient: PAYER,
          amountAtomic: 1n,
          nonce: `0xhistory${i}`,
          status: i < 2_900 ? "settled" : "locked",
          settledAt: i < 2_900 ? minutes(-i) : null,
        })),
      });
      withAndWithoutStatistics(provider.url.replace(/^file:/, ""), (fresh) => {
        const details = queryPlan(fresh, lockedGatewayAmountQuery({ chainId: CHAIN, payer: OTHER, balanceReadAt: readAt }));
        const searches = details.filter((d) => /^(SEARCH|SCAN) Payment/.test(d));
        expect(searches, details.join("\n")).toHaveLength(2);
        for (const d of searches) expect(d, details.join("\n")).toMatch(/^SEARCH Payment USING COVERING INDEX Payment_payer_owed_idx \(network=\? AND payer=\? AND status=\?/);
      });
      expect(await lockedGatewayAmount({ chainId: CHAIN, payer: OTHER }, db)).toBe(256n + 100n);
    });
  });
}
