import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { unitDatabases } from "@/e2e/support/unit-databases";
import type { PaidResource } from "./types";

// A sale recorded without a caller's transaction (recordPaidUnlock(null, …), the Gateway rail's plain
// sale), on each database: one atomic batch of its own (on PostgreSQL one DO statement, no BEGIN or
// COMMIT). While the process last read no enabled webhook endpoint, the batch carries a guard instead of
// the read; an endpoint enabled since (by another worker: written straight into the database here) fails
// the guard, the batch rolls back whole and is planned again with the read, so the sale's event exists
// exactly once and so do its payment, receipt and ledger row.
const units = await unitDatabases("record-paid-unlock");
afterAll(units.removeFiles);

const PAYER = "0x00000000000000000000000000000000000000aa";
const CREATOR = "0x00000000000000000000000000000000000000bb";

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`a sale as one batch of its own, on ${provider.name}`, () => {
    let db: Db;
    let record: typeof import("./record-paid-unlock");
    let payments: typeof import("./insert-payment");
    let siteId: string;
    let nonce = 0;

    beforeAll(async () => {
      db = await units.openForHub(provider);
      record = await import("./record-paid-unlock");
      payments = await import("./insert-payment");
      siteId = (await db.site.create({ data: { domain: "alone.example", name: "Alone", ownerWallet: CREATOR, verified: true } })).id;
      await db.content.create({ data: { id: "item", network: "testnet", siteId, externalId: "item", url: "https://alone.example/item" } });
    }, 60_000);
    afterAll(() => units.closeForHub(provider, db));

    const resource = (contentId: string): PaidResource => ({
      kind: "content", id: contentId, url: `https://alone.example/${contentId}`, price: 50_000n, payTo: CREATOR, recipient: CREATOR, feeBps: 0, siteId, contentId,
    });

    /** Records one sale of `contentId` the way the Gateway rail does without a caller's transaction: its Payment row goes first in the batch. */
    async function sell(contentId = "item") {
      nonce += 1;
      const r = resource(contentId);
      const payment = payments.paymentRow(payments.newPayment({
        rail: "gateway", status: "locked", resource: r, chainId: 31337, fee: 0n, authorization: "{}",
        checked: {
          signature: "0x01",
          authorization: { from: PAYER, to: CREATOR, value: 50_000n, validAfter: 0n, validBefore: 2n ** 40n, nonce: `0x${nonce.toString(16).padStart(64, "0")}` },
        },
      }));
      const receipt = await record.recordPaidUnlock(null, { payment, resource: r, first: [{ sql: payments.paymentStatement(payment) }] });
      return { payment, receipt };
    }

    it("writes the payment, its receipt, its ledger row and the item's counters together", async () => {
      const { payment, receipt } = await sell();
      expect(receipt.paymentId).toBe(payment.id);
      expect(await db.payment.count({ where: { id: payment.id } })).toBe(1);
      expect(await db.receipt.count({ where: { paymentId: payment.id } })).toBe(1);
      expect(await db.ledgerActivity.count({ where: { sourceKey: `payment:${payment.id}` } })).toBe(1);
      expect(await db.content.findUniqueOrThrow({ where: { id: "item" } })).toMatchObject({ unlocks: 1, revenueAtomic: 50_000n });
    });

    it("writes nothing when one of its statements fails: no payment without its records", async () => {
      const before = await db.payment.count();
      // No such content: the counters' update changes no row, so the whole batch fails, the Payment row with it.
      await expect(sell("missing")).rejects.toThrow(/no content missing/);
      expect(await db.payment.count()).toBe(before);
      expect(await db.receipt.count({ where: { contentId: "missing" } })).toBe(0);
    });

    it("delivers the event of an endpoint enabled since the process last read none, once", async () => {
      // The sales above read the endpoints and found none: the next one carries the guard, not the read.
      const endpoint = await db.webhookEndpoint.create({
        data: { url: "https://hooks.example/in", ownerWallet: CREATOR, siteId, events: "sale.completed", secretSealed: "sealed", secretPrefix: "whsec_x", enabled: true },
      });
      const first = await sell();
      const rows = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
      expect(rows).toHaveLength(1);
      const ledger = await db.ledgerActivity.findUniqueOrThrow({ where: { sourceKey: `payment:${first.payment.id}` } });
      expect(rows[0]).toMatchObject({ eventType: "sale.completed", status: "pending", attempts: 0 });
      expect(JSON.parse(rows[0]!.payload)).toMatchObject({ type: "sale.completed", data: { ledgerId: ledger.id, paymentId: first.payment.id } });
      // The guard's failed first try left nothing behind: one of each.
      expect(await db.payment.count({ where: { id: first.payment.id } })).toBe(1);
      expect(await db.receipt.count({ where: { paymentId: first.payment.id } })).toBe(1);
      expect(await db.ledgerActivity.count({ where: { paymentId: first.payment.id } })).toBe(1);
      expect(await db.content.findUniqueOrThrow({ where: { id: "item" } })).toMatchObject({ unlocks: 2 });

      // Now the process knows: the next sale reads the endpoints and is delivered too.
      await sell();
      expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(2);

      // Disabled again: the next read finds none, and a sale after it writes no delivery.
      await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
      await sell();
      await sell();
      expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(2);
      expect(await db.content.findUniqueOrThrow({ where: { id: "item" } })).toMatchObject({ unlocks: 5 });
    });

    it.runIf(provider.name === "postgres")("keeps the sale's block as a function from its second sale on, webhook deliveries included", async () => {
      const kept = async () =>
        db.$queryRawUnsafe<Array<{ args: number; deliveries: boolean }>>(
          `SELECT p.pronargs AS args, p.prosrc LIKE '%INSERT INTO "WebhookDelivery"%' AS deliveries FROM pg_proc p JOIN pg_namespace s ON s.oid = p.pronamespace
           WHERE p.proname LIKE 'one_trip_%' AND s.nspname = current_schema() AND p.prosrc LIKE '%INSERT INTO "Payment"%'`,
        );
      const endpoint = await db.webhookEndpoint.create({
        data: { url: "https://hooks.example/kept", ownerWallet: CREATOR, siteId, events: "sale.completed", secretSealed: "sealed", secretPrefix: "whsec_y", enabled: true },
      });
      const sold = [];
      for (let i = 0; i < 4; i++) sold.push(await sell());
      // The sale with its delivery is a function of its own (made on its second sale), with four array parameters.
      const functions = await kept();
      expect(functions.some((f) => f.deliveries)).toBe(true);
      expect(functions.every((f) => f.args === 4)).toBe(true);
      for (const { payment } of sold) {
        expect(await db.payment.count({ where: { id: payment.id } })).toBe(1);
        expect(await db.ledgerActivity.count({ where: { paymentId: payment.id } })).toBe(1);
      }
      expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(4);
      await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
    });

    it("refuses a caller's onRecorded writes without the caller's transaction", async () => {
      const r = resource("item");
      const payment = payments.paymentRow(payments.newPayment({
        rail: "gateway", status: "locked", resource: r, chainId: 31337, fee: 0n, authorization: "{}",
        checked: { signature: "0x01", authorization: { from: PAYER, to: CREATOR, value: 50_000n, validAfter: 0n, validBefore: 1n, nonce: `0x${"f".repeat(64)}` } },
      }));
      await expect(record.recordPaidUnlock(null, { payment, resource: r, onRecorded: async () => {} })).rejects.toThrow(/caller's transaction/);
    });
  });
}
