import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db-core";
import { env } from "@/lib/env";
import { lockedGatewayAmount } from "@/lib/x402/locked-gateway-amount";
import { canConnect, dropDatabase, migrate, resetDatabase } from "@/scripts/lib/migrate.mjs";

// On SQLite (a temporary file) and PostgreSQL (a schema of its own; skipped when it does not answer).
const tmpDir = mkdtempSync(path.join(os.tmpdir(), "hub-locked-amount-"));
const postgresBase = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const postgresUrl = `${postgresBase}${postgresBase.includes("?") ? "&" : "?"}schema=hub_locked_${process.pid}`;
const postgresUp = await canConnect(postgresUrl);
afterAll(() => rmSync(tmpDir, { recursive: true, force: true }));

const CHAIN = 5042002;
const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const readAt = new Date("2026-11-29T12:00:00Z");
const minutes = (n: number) => new Date(readAt.getTime() + n * 60_000);

for (const provider of [
  { name: "sqlite", url: `file:${path.join(tmpDir, "hub.db")}`, enabled: true },
  { name: "postgres", url: postgresUrl, enabled: postgresUp },
]) {
  describe.skipIf(!provider.enabled)(`lockedGatewayAmount on ${provider.name}`, () => {
    let db: Db;
    beforeAll(async () => {
      await resetDatabase({ databaseUrl: provider.url });
      await migrate({ databaseUrl: provider.url });
      db = createDb(provider.url);
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
    afterAll(async () => {
      await db?.$disconnect();
      if (provider.name === "postgres") await dropDatabase({ databaseUrl: provider.url });
    });

    it("owes the locked and settling payments, and those settled since the balance read (less the clock skew)", async () => {
      expect(await lockedGatewayAmount({ chainId: CHAIN, payer: PAYER }, db)).toBe(2n ** 60n + 1n + 2n);
      expect(await lockedGatewayAmount({ chainId: CHAIN, payer: PAYER, balanceReadAt: readAt }, db)).toBe(2n ** 60n + 1n + 2n + 4n + 8n);
      expect(await lockedGatewayAmount({ chainId: CHAIN, payer: PAYER, balanceReadAt: minutes(-61) }, db)).toBe(2n ** 60n + 1n + 2n + 4n + 8n + 16n);
      expect(await lockedGatewayAmount({ chainId: CHAIN, payer: "0x0000000000000000000000000000000000000001", balanceReadAt: readAt }, db)).toBe(0n);
    });
  });
}
