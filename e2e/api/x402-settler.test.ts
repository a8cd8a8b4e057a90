// The batch settler survives crashes: these tests take the settler's database lease away from the
// running hub, call the settler's own functions against the same database and chain with a failure
// injected right after the settlement tx is sent, then "restart" and check that the chain state is
// reconciled and that nothing settles twice.
import type { PaymentRequirements } from "@x402/core/types";
import type { Hex, PrivateKeyAccount } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usdcAbi } from "../../lib/chain/abis";
import { ApiError } from "../../lib/http/errors";
import { SEND_UNANSWERED, settleGatewayBatch } from "../../lib/x402/settle-gateway-batch";
import { chain, challengeFor, chainClient, eventually, freshPayer, hubDb, pay, settlementEvents, signedPayment, usdc, USDC, usdcBalance, walletFor } from "../support/x402";
import { holdSettlerLease, releaseSettlerLease } from "../support/settler-lease";

const HOLDER = "settler-crash-test";
const CONTENT = { contentId: "liner-notes" }; // 0.01 USDC
// The crash comes right after the settlement tx is sent; anvil may answer the send before it has
// mined the block, so the tests wait for the receipt before reading the chain's events.
let sentHash: Hex | undefined;
const crash = ({ txHash }: { txHash: Hex }) => {
  sentHash = txHash;
  throw new Error("injected crash after submission");
};
async function crashedBatchMined() {
  expect(sentHash).toBeDefined();
  await chainClient.waitForTransactionReceipt({ hash: sentHash! });
}

async function gatewayPayment(payer: PrivateKeyAccount, requirement: PaymentRequirements) {
  const signed = await signedPayment({ requirement, signer: payer });
  const res = await pay(CONTENT, { "payment-signature": signed.header });
  expect(res.status).toBe(200);
  return { id: res.body.payment.paymentId as string, nonce: signed.nonce };
}

describe("gateway batch settler", () => {
  let gateway: PaymentRequirements;
  let plain: PaymentRequirements;
  let creator: `0x${string}`;

  beforeAll(async () => {
    const db = hubDb();
    // These tests count the batches and items of their own passes: let the hub's settler drain the
    // authorizations earlier files left locked (a file that held the lease leaves a queue) first.
    await eventually(async () => (await db.payment.count({ where: { rail: "gateway", status: "locked", batchId: null } })) === 0, { timeoutMs: 60_000, what: "the hub's settler to drain the locked queue" });
    // The hub's settler checks its lease again before sending; a pass it had started ends, or what it left open is reconciled.
    await holdSettlerLease(HOLDER);
    [plain, gateway] = (await challengeFor(CONTENT)).accepts as [PaymentRequirements, PaymentRequirements];
    creator = gateway.payTo as `0x${string}`;
  });
  afterAll(releaseSettlerLease);

  it("does nothing without the lease", async () => {
    expect(await settleGatewayBatch({ holder: "someone-else" })).toMatchObject({ leader: false, batches: 0 });
  });

  it("reconciles a batch sent just before a crash from chain state, and settles it once", async () => {
    const db = hubDb();
    const payer = await freshPayer({ deposit: "1" });
    const { id, nonce } = await gatewayPayment(payer, gateway);
    const before = await usdcBalance(creator);

    await expect(settleGatewayBatch({ holder: HOLDER, afterSubmit: crash })).rejects.toThrow("injected crash");
    await crashedBatchMined();
    const stuck = await db.payment.findUniqueOrThrow({ where: { id }, include: { batch: true, receipt: true } });
    expect(stuck).toMatchObject({ status: "settling", batch: { status: "pending", txHash: null } });
    expect(stuck.receipt?.txHash).toBeNull();
    // The transaction went out: the money moved although the hub never recorded it.
    const events = await settlementEvents(payer.address, nonce);
    expect(events).toHaveLength(1);
    expect(await usdcBalance(creator)).toBe(before + usdc("0.01"));

    // Restart: the open batch is reconciled from the chain, not resent.
    const result = await settleGatewayBatch({ holder: HOLDER, staleMs: 0 });
    expect(result).toMatchObject({ leader: true, reconciled: 1, settled: 1, failed: 0 });
    const after = await db.payment.findUniqueOrThrow({ where: { id }, include: { batch: true, receipt: true } });
    expect(after.status).toBe("settled");
    expect(after.receipt?.txHash).toBe(events[0]!.transactionHash);
    expect(after.batch).toMatchObject({ status: "confirmed", txHash: events[0]!.transactionHash });
    expect(await db.ledgerActivity.findUniqueOrThrow({ where: { sourceKey: `payment:${id}` } })).toMatchObject({ status: "settled", txHash: events[0]!.transactionHash });

    expect(await settleGatewayBatch({ holder: HOLDER, staleMs: 0 })).toMatchObject({ settled: 0, reconciled: 0, batches: 0 });
    expect(await settlementEvents(payer.address, nonce)).toHaveLength(1);
    expect(await usdcBalance(creator)).toBe(before + usdc("0.01"));
  });

  it("never settles twice when an already settled authorization is sent again in a later batch", async () => {
    const db = hubDb();
    const payer = await freshPayer({ deposit: "1" });
    const first = await gatewayPayment(payer, gateway);
    await expect(settleGatewayBatch({ holder: HOLDER, afterSubmit: crash })).rejects.toThrow("injected crash");
    await crashedBatchMined();
    const [sent] = await settlementEvents(payer.address, first.nonce);
    // Worst case: the crashed batch's item went back to the queue although its tx had landed.
    await db.payment.update({ where: { id: first.id }, data: { status: "locked", batchId: null } });
    const second = await gatewayPayment(payer, gateway);
    const before = await usdcBalance(creator);

    const result = await settleGatewayBatch({ holder: HOLDER, staleMs: 0 });
    expect(result).toMatchObject({ leader: true, batches: 1, settled: 2, failed: 0 });
    const [a, b] = await Promise.all([first.id, second.id].map((id) => db.payment.findUniqueOrThrow({ where: { id }, include: { receipt: true } })));
    expect(a).toMatchObject({ status: "settled" });
    expect(a!.receipt?.txHash).toBe(sent!.transactionHash); // the contract skipped it as nonce-used
    expect(b!.receipt?.txHash).not.toBe(sent!.transactionHash);
    expect(await settlementEvents(payer.address, first.nonce)).toHaveLength(1);
    expect(await usdcBalance(creator)).toBe(before + usdc("0.01")); // only the second payment's money moved now
  });

  // The chain stops answering while a batch is sent: its tx went out and the answer was lost, or it
  // never went out. Either way the batch is decided by the next pass (default bound: not a minute later).
  for (const wentOut of [true, false]) {
    it(`decides a batch whose send got no answer on the next pass (${wentOut ? "the tx went out" : "nothing was sent"}), and settles it once`, async () => {
      const db = hubDb();
      const payer = await freshPayer({ deposit: "1" });
      const { id, nonce } = await gatewayPayment(payer, gateway);
      const before = await usdcBalance(creator);
      const unanswered = () => new ApiError("chain-unavailable", "injected: the chain RPC does not answer");
      const first = await settleGatewayBatch({
        holder: HOLDER,
        wrapSend: async (send) => {
          if (wentOut) await chainClient.waitForTransactionReceipt({ hash: await send() });
          throw unanswered();
        },
      });
      expect(first).toMatchObject({ leader: true, batches: 1, settled: 0, failed: 0 });
      const left = await db.payment.findUniqueOrThrow({ where: { id }, include: { batch: true } });
      expect(left).toMatchObject({ status: "settling", batch: { status: "pending", txHash: null, error: SEND_UNANSWERED } });
      expect(await settlementEvents(payer.address, nonce)).toHaveLength(wentOut ? 1 : 0);

      // The next pass, with the default stale bound (a minute) that this batch, a second old, is far within.
      const second = await settleGatewayBatch({ holder: HOLDER });
      expect(second).toMatchObject({ leader: true, reconciled: 1, settled: 1, failed: 0, requeued: wentOut ? 0 : 1, batches: wentOut ? 0 : 1 });
      const events = await settlementEvents(payer.address, nonce);
      expect(events).toHaveLength(1);
      const after = await db.payment.findUniqueOrThrow({ where: { id }, include: { receipt: true } });
      expect(after.status).toBe("settled");
      expect(after.receipt?.txHash).toBe(events[0]!.transactionHash);
      const batch = await db.settlementBatch.findUniqueOrThrow({ where: { id: left.batchId! } });
      expect(batch.status).toBe(wentOut ? "confirmed" : "failed");
      expect(await usdcBalance(creator)).toBe(before + usdc("0.01"));
      expect(await settleGatewayBatch({ holder: HOLDER })).toMatchObject({ settled: 0, reconciled: 0, batches: 0 });
    });
  }

  it("settles a plain payment left pending by a crash, or recognises one that already landed", async () => {
    const db = hubDb();
    for (const alreadyLanded of [false, true]) {
      const payer = await freshPayer({ wallet: "1" });
      const signed = await signedPayment({ requirement: plain, signer: payer });
      const auth = signed.payload.payload.authorization as Record<string, string>;
      const content = await db.content.findFirstOrThrow({ where: { externalId: CONTENT.contentId } });
      // The state a crash between "recorded pending" and "relayer sent" leaves behind.
      const row = await db.payment.create({
        data: {
          network: "testnet", chainId: chain.id, rail: "eip3009", status: "pending", resourceType: "content", resourceId: content.id, siteId: content.siteId,
          payer: payer.address, payTo: plain.payTo, recipient: plain.payTo, amountAtomic: BigInt(plain.amount), nonce: signed.nonce,
          validAfter: BigInt(auth.validAfter!), validBefore: BigInt(auth.validBefore!), signature: (signed.payload.payload.signature as string).toLowerCase(),
          authorization: JSON.stringify({ fromBlock: "0", resource: { kind: "content", id: content.id, url: content.url, price: plain.amount, payTo: plain.payTo, recipient: plain.payTo, feeBps: 0, siteId: content.siteId, contentId: content.id } }),
          updatedAt: new Date(Date.now() - 60_000),
        },
      });
      if (alreadyLanded) {
        // Someone (here the payer) submitted the authorization to USDC directly before the hub could.
        const hash = await walletFor(payer).writeContract({
          address: USDC, abi: usdcAbi, functionName: "transferWithAuthorization", chain, account: payer,
          args: [payer.address, plain.payTo as `0x${string}`, BigInt(plain.amount), BigInt(auth.validAfter!), BigInt(auth.validBefore!), signed.nonce, signed.payload.payload.signature as Hex],
        });
        await chainClient.waitForTransactionReceipt({ hash });
      }
      const before = await usdcBalance(creator);
      await settleGatewayBatch({ holder: HOLDER });
      const after = await db.payment.findUniqueOrThrow({ where: { id: row.id }, include: { receipt: true } });
      expect(after).toMatchObject({ status: "settled" });
      expect(after.receipt?.txHash).toBe(after.txHash);
      expect(await usdcBalance(payer.address)).toBe(usdc("0.99")); // charged exactly once
      expect(await usdcBalance(creator)).toBe(before + (alreadyLanded ? 0n : usdc("0.01")));
      expect(await db.ledgerActivity.count({ where: { sourceKey: `payment:${row.id}` } })).toBe(1);
    }
  });

  it("stops a pass at ten full batches and says more waits, so the loop goes on at once; the next pass settles the rest", async () => {
    const db = hubDb();
    const payer = await freshPayer({ deposit: "1" });
    const mine: string[] = [];
    for (let i = 0; i < 11; i++) mine.push((await gatewayPayment(payer, gateway)).id);
    // One authorization a batch: ten batches fill the pass.
    const first = await settleGatewayBatch({ holder: HOLDER, batchSize: 1 });
    expect(first).toMatchObject({ leader: true, batches: 10, settled: 10, failed: 0, requeued: 0, more: true });
    const second = await settleGatewayBatch({ holder: HOLDER, batchSize: 1 });
    expect(second).toMatchObject({ leader: true, batches: 1, settled: 1, more: false });
    const rows = await db.payment.findMany({ where: { id: { in: mine } }, select: { status: true, batchId: true } });
    expect(rows.map((r) => r.status)).toEqual(Array(11).fill("settled"));
    expect(new Set(rows.map((r) => r.batchId)).size).toBe(11);
    expect(await settleGatewayBatch({ holder: HOLDER, batchSize: 1 })).toMatchObject({ batches: 0, more: false });
  });
});
