import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { queryPlan, withAndWithoutStatistics } from "@/e2e/support/sqlite-plans";
import { unitDatabases } from "@/e2e/support/unit-databases";

// The deposit index's rules in the sale's own check (indexedSaleCheck) and in the read before a sale
// (indexedPayerState): the same answers, on SQLite and PostgreSQL (a schema of its own; skipped when it does not answer).
const units = await unitDatabases("payer-state");
afterAll(units.removeFiles);

const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const NONCE = `0x${"ab".repeat(32)}`;
const HEAD_BLOCK = 1_000n;
const SINCE = 1_700_000_000n;

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`the deposit index's decision on ${provider.name}`, () => {
    let db: Db;
    let mod: typeof import("./gateway-payer-state");
    let env: (typeof import("@/lib/env"))["env"];
    let chainId: number;
    let n = 0;
    beforeAll(async () => {
      db = await units.openForHub(provider);
      ({ env } = await import("@/lib/env"));
      mod = await import("./gateway-payer-state");
      chainId = (await import("@/lib/chain/networks")).NETWORKS[env.NETWORK_MODE].chainId;
    }, 60_000);
    afterAll(() => units.closeForHub(provider, db));

    beforeEach(async () => {
      await db.payment.deleteMany({});
      await db.gatewaySettledNonce.deleteMany({});
      await db.gatewayDeposit.deleteMany({});
      await db.gatewayIndexHead.deleteMany({});
    });

    const auth = (over: { validAfter?: bigint; value?: bigint; from?: `0x${string}` } = {}) => ({
      from: (over.from ?? PAYER) as `0x${string}`,
      nonce: NONCE as `0x${string}`,
      validAfter: over.validAfter ?? SINCE + 60n,
      value: over.value ?? 10n,
    });
    const head = (readAt = new Date()) => db.gatewayIndexHead.create({ data: { chainId, block: HEAD_BLOCK, readAt, sinceTime: SINCE } });
    const deposit = (available: bigint, withdrawing = 0n, withdrawalBlock = 0n) =>
      db.gatewayDeposit.create({ data: { chainId, depositor: PAYER, available, withdrawing, withdrawalBlock, block: HEAD_BLOCK } });
    const pay = (amountAtomic: bigint, status: string, settledAt?: Date, nonce = `0x${(n++).toString(16)}`) =>
      db.payment.create({
        data: { network: env.NETWORK_MODE, chainId, rail: "gateway", resourceType: "content", resourceId: "c", payer: PAYER, payTo: OTHER, recipient: OTHER, amountAtomic, nonce, status, settledAt },
      });
    /** The sale's check as its batch runs it: after the sale's own Payment row. */
    const decided = async (a = auth()) => {
      const check = mod.indexedSaleCheck(a);
      if (!("check" in check)) throw new Error("not a check");
      const [row] = await db.$queryRaw<Array<Record<string, unknown>>>(check.check);
      return Number(Object.values(row ?? {})[0]);
    };

    it("decides a sale the index covers (0) and agrees with the read before a sale", async () => {
      await head();
      await deposit(100n);
      await pay(10n, "locked", undefined, NONCE); // the sale's own row
      expect(await decided()).toBe(0);
      const state = await mod.indexedPayerState(auth());
      expect(state).toMatchObject({ used: false, source: "index", recorded: true });
      expect(state?.balance.spendable).toBe(100n);
    });

    it("counts what the payer's locked payments owe, this one included: a shortfall is 3, which only the chain may refuse", async () => {
      await head();
      await deposit(100n);
      await pay(90n, "locked");
      await pay(10n, "locked", undefined, NONCE);
      expect(await decided()).toBe(0);
      await pay(1n, "settling");
      expect(await decided()).toBe(3);
      expect(mod.indexedSaleCheck(auth())).toMatchObject({ atMost: 0n });
      const fail = (mod.indexedSaleCheck(auth()) as { fail: (v: bigint) => Error }).fail;
      expect(fail(3n)).toBeInstanceOf(mod.IndexUndecided);
      expect((fail(3n) as InstanceType<typeof mod.IndexUndecided>).short).toBe(true);
      expect((fail(1n) as InstanceType<typeof mod.IndexUndecided>).short).toBe(false);
      expect(fail(2n)).toMatchObject({ reason: "nonce_used" });
    });

    it("counts a payment settled within the index's lag (the deposit may not reflect it yet), not one settled long before", async () => {
      await head();
      await deposit(100n);
      await pay(90n, "locked");
      await pay(10n, "locked", undefined, NONCE);
      await pay(5n, "settled", new Date(Date.now() - 60 * 60_000));
      expect(await decided()).toBe(0);
      await pay(5n, "settled", new Date(Date.now() - 1_000));
      expect(await decided()).toBe(3);
    });

    it("does not answer (1) for a stale head, a payer it does not hold, or an authorization older than the index", async () => {
      await head(new Date(Date.now() - env.GATEWAY_INDEX_MAX_LAG_MS - 1_000));
      await deposit(100n);
      expect(await decided()).toBe(1);
      expect(await mod.indexedPayerState(auth())).toBeNull();

      await db.gatewayIndexHead.deleteMany({});
      await head();
      expect(await decided()).toBe(0);
      expect(await decided(auth({ from: OTHER as `0x${string}` }))).toBe(1);
      expect(await mod.indexedPayerState(auth({ from: OTHER as `0x${string}` }))).toBeNull();
      expect(await decided(auth({ validAfter: SINCE - 1n }))).toBe(1);
      expect(await mod.indexedPayerState(auth({ validAfter: SINCE - 1n }))).toBeNull();
      expect(await decided(auth({ validAfter: SINCE }))).toBe(0);
      // validAfter is a uint256: one far beyond an int8 still compares as later than the index's start.
      expect(await decided(auth({ validAfter: 2n ** 255n }))).toBe(0);
      expect(await mod.indexedPayerState(auth({ validAfter: 2n ** 255n }))).not.toBeNull();
    });

    it("names a nonce the Gateway Wallet settled (2), even one older than the index", async () => {
      await head();
      await deposit(100n);
      await db.gatewaySettledNonce.create({ data: { chainId, payer: PAYER, nonce: NONCE, block: HEAD_BLOCK } });
      expect(await decided()).toBe(2);
      expect(await decided(auth({ validAfter: SINCE - 1n }))).toBe(2);
      expect(await mod.indexedPayerState(auth({ validAfter: SINCE - 1n }))).toMatchObject({ used: true });
    });

    it("does not answer while a withdrawal nears its unlock block; a far one still counts in the deposit", async () => {
      await head();
      await deposit(50n, 50n, HEAD_BLOCK + mod.WITHDRAWAL_MARGIN_BLOCKS);
      await pay(10n, "locked", undefined, NONCE);
      expect(await decided()).toBe(1);
      expect(await mod.indexedPayerState(auth())).toBeNull();
      await db.gatewayDeposit.updateMany({ data: { withdrawalBlock: HEAD_BLOCK + mod.WITHDRAWAL_MARGIN_BLOCKS + 1n } });
      expect(await decided()).toBe(0);
      expect((await mod.indexedPayerState(auth()))?.balance.spendable).toBe(100n);
      await pay(91n, "locked");
      expect(await decided()).toBe(3);
    });

    it.skipIf(provider.name !== "sqlite")("reads the payer's rows by key and sums their owed payments from the covering index, with the planner's statistics and without", async () => {
      await head();
      await db.gatewayDeposit.createMany({
        data: Array.from({ length: 2_000 }, (_, i) => ({ chainId, depositor: `0x${i.toString(16).padStart(40, "0")}`, available: 1n, withdrawing: 0n, withdrawalBlock: 0n, block: HEAD_BLOCK })),
      });
      const check = mod.indexedSaleCheck(auth());
      if (!("check" in check)) throw new Error("not a check");
      withAndWithoutStatistics(provider.url.replace(/^file:/, ""), (fresh) => {
        const details = queryPlan(fresh, check.check);
        const owed = details.filter((d) => /^(SEARCH|SCAN) Payment/.test(d));
        expect(owed, details.join("\n")).toHaveLength(2);
        for (const d of owed) expect(d, details.join("\n")).toMatch(/^SEARCH Payment USING COVERING INDEX Payment_payer_owed_idx/);
        // The head is one row a chain; every other table is searched by its key.
        expect(details.filter((d) => /^SCAN (?!h$|CONSTANT ROW)/.test(d)), details.join("\n")).toEqual([]);
      });
    });
  });
}
