// Stop and start without loss (issue 18 part 6): an instance on the shared database and chain is sent
// SIGTERM in the middle of a stream of paid unlocks and started again on the same port. Clients
// retry what was refused or cut off (as they would through a balancer); every 200 must be recorded
// exactly once, nothing settles twice, and the stopped instance hands its settler lease back.
import type { PaymentRequirements } from "@x402/core/types";
import { afterAll, describe, expect, it } from "vitest";
import { SETTLER_LOCK } from "../../lib/x402/settle-gateway-batch";
import { type ExtraHub, freePort, startExtraHub } from "../support/extra-hub";
import { challengeFor, eventually, freshPayer, hubDb, settled, settlementEvents, signedPayment } from "../support/x402";

const CONTENT = { contentId: "liner-notes" };
const N = 16;
const WORKERS = 4;

describe("SIGTERM during a stream of paid unlocks", () => {
  let hub: ExtraHub | undefined;
  afterAll(async () => {
    await hub?.stop();
  });

  it("records every 200 once, settles each payment once and releases the settler lease", async () => {
    const db = hubDb();
    const port = await freePort();
    // No METRICS_TOKEN on this instance: its /metrics does not exist.
    const overrides = { METRICS_TOKEN: "", SETTLE_INTERVAL_MS: "100" };
    hub = await startExtraHub(overrides, { port });
    expect((await fetch(`${hub.url}/metrics`)).status).toBe(404);

    // Make this instance the settler's leader (the main test hub competes for the same lease).
    const first = hub;
    const holderOf = (pid: number) => (h: string | undefined) => Boolean(h?.includes(`:${pid}:`));
    await eventually(async () => {
      const lock = await db.leaderLock.findUnique({ where: { name: SETTLER_LOCK } });
      if (lock && holderOf(first.pid)(lock.holder) && lock.expiresAt > new Date()) return true;
      await db.leaderLock.updateMany({ where: { name: SETTLER_LOCK }, data: { expiresAt: new Date(0) } });
      return false;
    }, { timeoutMs: 30_000, what: "the extra instance to lead the settler" });

    const [, gateway] = (await challengeFor(CONTENT)).accepts as [PaymentRequirements, PaymentRequirements];
    const payer = await freshPayer({ deposit: "1" });
    const signed = await Promise.all(Array.from({ length: N }, () => signedPayment({ requirement: gateway, signer: payer })));

    const answers: Array<{ status: number; paymentId?: string; attempts: number }> = [];
    let refused = 0; // 503 shutting-down answers and connection errors, retried
    let next = 0;
    let restarting: Promise<void> | undefined;
    let leaseAfterStop: { holder: string; expiresAt: Date } | null | undefined;
    const deadline = Date.now() + 120_000;

    const payOnce = async (i: number) => {
      for (let attempts = 1; ; attempts++) {
        if (Date.now() > deadline) throw new Error(`payment ${i} got no answer in time`);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/hub/pay`, {
            method: "POST",
            headers: { "content-type": "application/json", "payment-signature": signed[i]!.header },
            body: JSON.stringify(CONTENT),
          });
          const body = (await res.json()) as { payment?: { paymentId: string }; code?: string };
          if (res.status === 503 && body.code === "shutting-down") {
            expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
          } else {
            answers[i] = { status: res.status, paymentId: body.payment?.paymentId, attempts };
            return;
          }
        } catch {
          // refused or cut off while the instance stops: retry the same signed payment
        }
        refused++;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const worker = async () => {
      while (next < N) {
        const i = next++;
        await payOnce(i);
        // Stop the instance once a third of the stream is through, while the other workers are mid-request.
        if (!restarting && answers.filter(Boolean).length >= N / 3) {
          restarting = (async () => {
            await first.stop();
            leaseAfterStop = await db.leaderLock.findUnique({ where: { name: SETTLER_LOCK } });
            hub = await startExtraHub(overrides, { port });
          })();
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await restarting;

    // The stopped instance gave its lease up (released, or already taken over), instead of leaving it to expire.
    expect(leaseAfterStop).toBeTruthy();
    expect(holderOf(first.pid)(leaseAfterStop!.holder) && leaseAfterStop!.expiresAt > new Date(Date.now() - 1_000) ? "still held" : "released").toBe("released");

    // Every payment was answered 200, each with its own payment id.
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200));
    const ids = answers.map((a) => a.paymentId!);
    expect(new Set(ids).size).toBe(N);
    console.log(`${N} paid unlocks across a restart: ${refused} refused or cut-off attempts retried`);

    // Each 200 is recorded exactly once: one payment row per authorization, one receipt, one ledger row.
    const rows = await db.payment.findMany({ where: { payer: payer.address }, include: { receipt: true } });
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r.receipt !== null)).toBe(true);
    const ledger = await db.ledgerActivity.findMany({ where: { sourceKey: { in: ids.map((id) => `payment:${id}`) } } });
    expect(ledger).toHaveLength(N);

    // And each settles once on chain (whichever instance leads now).
    for (const id of ids) await settled(id, 60_000);
    for (const s of signed) expect(await settlementEvents(payer.address, s.nonce)).toHaveLength(1);
  }, 240_000);
});
