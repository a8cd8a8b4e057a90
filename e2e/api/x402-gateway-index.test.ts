// The Gateway deposit index (lib/x402/gateway-index): the hub follows the Gateway Wallet's events into
// its database and checks a Gateway payment's deposit and nonce there, without an eth_call, while the
// index is current; whatever the index cannot answer for sure goes to the chain. And the signature
// rule of the contract (low s, v 27/28) holds before a payment is accepted.
import { encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequirements } from "@x402/core/types";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { followGatewayDeposits } from "../../lib/x402/gateway-index/follow-gateway-deposits";
import { storeGatewayDeposit } from "../../lib/x402/gateway-index/store-gateway-deposit";
import { expectError, metricSeries } from "../support/hub";
import {
  CHAIN_ID,
  chainAccess,
  chainClient,
  challengeFor,
  freshPayer,
  gatewayAvailable,
  gatewayDeposit,
  gatewayIndexAt,
  gatewayIndexHead,
  gatewayIndexStale,
  hubDb,
  pay,
  paymentCounts,
  settled,
  settlementEvents,
  signedPayment,
  startWithdrawal,
  usdc,
} from "../support/x402";

const CONTENT = { contentId: "essay-slow-software" }; // 0.05 USDC
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** hub_gateway_deposit_checks_total by source. */
async function depositChecks(): Promise<{ index: number; chain: number }> {
  const of = await metricSeries();
  return { index: of('hub_gateway_deposit_checks_total{source="index"}'), chain: of('hub_gateway_deposit_checks_total{source="chain"}') };
}

function indexedDeposit(address: `0x${string}`) {
  return hubDb().gatewayDeposit.findUnique({ where: { chainId_depositor: { chainId: CHAIN_ID, depositor: address } } });
}

describe("Gateway deposit index", () => {
  let gateway: PaymentRequirements;
  const payWith = async (signer: Parameters<typeof signedPayment>[0]["signer"], over = {}) =>
    pay(CONTENT, { "payment-signature": (await signedPayment({ requirement: gateway, signer, over })).header });

  beforeAll(async () => {
    gateway = (await challengeFor(CONTENT)).accepts[1] as PaymentRequirements;
  });
  afterAll(() => chainAccess(true));

  it("follows deposits and settlements into the database, as the chain holds them", async () => {
    const payer = await freshPayer();
    const block = await gatewayDeposit(payer, "1");
    await gatewayIndexAt(block);
    expect(await indexedDeposit(payer.address)).toMatchObject({ available: usdc("1"), withdrawing: 0n, withdrawalBlock: 0n });

    const before = await depositChecks();
    const res = await payWith(payer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await depositChecks()).toEqual({ ...before, index: before.index + 1 });

    // Settled by the hub's batch settler: the index copies the debit and records the nonce.
    const payment = await settled(res.body.payment.paymentId);
    const [event] = await settlementEvents(payer.address, payment.nonce as `0x${string}`);
    const settledBlock = event!.blockNumber;
    await gatewayIndexAt(settledBlock);
    expect((await indexedDeposit(payer.address))?.available).toBe(await gatewayAvailable(payer.address));
    expect((await indexedDeposit(payer.address))?.available).toBe(usdc("0.95"));
    const nonce = await hubDb().gatewaySettledNonce.findUnique({ where: { chainId_payer_nonce: { chainId: CHAIN_ID, payer: payer.address, nonce: payment.nonce! } } });
    expect(nonce?.block).toBe(settledBlock);
  });

  it("accepts a Gateway payment with the chain unreachable while the index is current, and not once it is stale", async () => {
    const payer = await freshPayer();
    await gatewayIndexAt(await gatewayDeposit(payer, "1"), 300);
    const first = (await signedPayment({ requirement: gateway, signer: payer })).header;
    const second = (await signedPayment({ requirement: gateway, signer: payer })).header;
    await chainAccess(false);
    let paid: Awaited<ReturnType<typeof pay>>;
    try {
      paid = await pay(CONTENT, { "payment-signature": first });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      await gatewayIndexStale();
      const before = await paymentCounts();
      expectError(await pay(CONTENT, { "payment-signature": second }), 503, "chain-unavailable");
      expect(await paymentCounts()).toEqual(before);
    } finally {
      await chainAccess(true);
    }
    expect((await pay(CONTENT, { "payment-signature": second })).status).toBe(200);
    // The settler tried to batch the first meanwhile and sent nothing: it went back to the queue and
    // settles now, not after the 60 s a batch left pending waits for reconciliation.
    await settled(paid.body.payment.paymentId, 10_000);
  });

  it("asks the chain before refusing: a deposit the index has not seen yet counts", async () => {
    const payer = await freshPayer();
    await gatewayIndexAt(await gatewayDeposit(payer, "0.07"), 300);
    expect((await payWith(payer)).status).toBe(200);
    // Top up and pay at once: the index (0.07) cannot cover a second 0.05, the chain (1.07) can.
    await gatewayDeposit(payer, "1");
    const res = await payWith(payer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Still refused when the chain agrees: 1.07 covers 21 payments of 0.05, not a 22nd beyond what is locked.
    const poor = await freshPayer({ deposit: "0.07" });
    expect((await payWith(poor)).status).toBe(200);
    const refused = await payWith(poor);
    expectError(refused, 402, "payment-invalid");
    expect(refused.body.reason).toBe("insufficient_funds");
  });

  it("a payer racing their own top-up never spends more than the deposit, and every accepted payment settles", async () => {
    const payer = await freshPayer({ deposit: "0.07" });
    await gatewayIndexAt(await chainClient.getBlockNumber({ cacheTime: 0 }), 300);
    const headers = await Promise.all(Array.from({ length: 6 }, async () => (await signedPayment({ requirement: gateway, signer: payer })).header));
    // Six payments of 0.05 against 0.07, while 0.10 more is deposited: at most three (0.15 of 0.17) may pass.
    const [answers] = await Promise.all([Promise.all(headers.map((h) => pay(CONTENT, { "payment-signature": h }))), gatewayDeposit(payer, "0.10")]);
    const paid = answers.filter((r) => r.status === 200);
    for (const r of answers.filter((a) => a.status !== 200)) expect(r.body.reason).toBe("insufficient_funds");
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(paid.length).toBeLessThanOrEqual(3);
    for (const r of paid) expect((await settled(r.body.payment.paymentId)).status).toBe("settled");
    expect(await gatewayAvailable(payer.address)).toBe(usdc("0.17") - BigInt(paid.length) * usdc("0.05"));
  });

  it("asks the chain when a withdrawal nears its unlock block", async () => {
    const payer = await freshPayer({ deposit: "1" });
    // The withdrawing half still counts (settlement draws on it until the delay of 100 blocks ends).
    await gatewayIndexAt(await startWithdrawal(payer, "0.98"), 300);
    const row = await indexedDeposit(payer.address);
    expect(row).toMatchObject({ available: usdc("0.02"), withdrawing: usdc("0.98") });
    let before = await depositChecks();
    expect((await payWith(payer)).status).toBe(200);
    expect(await depositChecks()).toEqual({ ...before, index: before.index + 1 });

    // 60 blocks later the unlock block is within the index's 50-block margin: the chain decides.
    await chainClient.request({ method: "anvil_mine" as never, params: ["0x3c"] as never });
    await gatewayIndexAt(await chainClient.getBlockNumber({ cacheTime: 0 }), 300);
    before = await depositChecks();
    expect((await payWith(payer)).status).toBe(200);
    expect(await depositChecks()).toEqual({ ...before, chain: before.chain + 1 });

    // Past the unlock block the withdrawing balance no longer counts: 0.02 available covers no 0.05.
    await chainClient.request({ method: "anvil_mine" as never, params: ["0x30"] as never });
    const refused = await payWith(payer);
    expectError(refused, 402, "payment-invalid");
    expect(refused.body.reason).toBe("insufficient_funds");
  });

  it("reads the depositors one pass touched in JSON-RPC batches, each as the chain holds it at the pass's block", async () => {
    const amounts = ["0.11", "0.22", "0.33", "0.44"];
    const payers = [];
    for (const _ of amounts) payers.push(await freshPayer());
    // The hub cannot reach the chain while the deposits land, so its next pass after finds all of them.
    await chainAccess(false);
    const batches = async () => (await metricSeries())('hub_chain_rpc_requests_total{method="batch"}');
    let last = 0n;
    let before = 0;
    try {
      for (const [i, payer] of payers.entries()) last = await gatewayDeposit(payer, amounts[i]!);
      // Counted before the chain answers again: a pass may read the depositors the moment it does.
      before = await batches();
    } finally {
      await chainAccess(true);
    }
    const head = await gatewayIndexAt(last);
    for (const [i, payer] of payers.entries()) {
      const row = await indexedDeposit(payer.address);
      expect(row).toMatchObject({ available: usdc(amounts[i]!), withdrawing: 0n, withdrawalBlock: 0n });
      expect(row!.block).toBeLessThanOrEqual(head.block);
      expect(row!.available).toBe(await gatewayAvailable(payer.address));
    }
    // Their twelve calls went out in a batch request (with the plain client, no batch is ever sent).
    expect(await batches()).toBeGreaterThan(before);
  });

  it("keeps the later chain read whichever lands first, and follows nothing without the lease", async () => {
    const depositor = privateKeyToAccount(generatePrivateKey()).address;
    const key = { chainId_depositor: { chainId: CHAIN_ID, depositor } };
    const state = (available: bigint) => ({ available, withdrawing: 0n, withdrawalBlock: 0n });
    await storeGatewayDeposit({ chainId: CHAIN_ID, depositor, block: 100n, state: state(5n) }, hubDb());
    await storeGatewayDeposit({ chainId: CHAIN_ID, depositor, block: 90n, state: state(1n) }, hubDb());
    expect(await hubDb().gatewayDeposit.findUnique({ where: key })).toMatchObject({ available: 5n, block: 100n });
    await storeGatewayDeposit({ chainId: CHAIN_ID, depositor, block: 110n, state: state(7n) }, hubDb());
    expect(await hubDb().gatewayDeposit.findUnique({ where: key })).toMatchObject({ available: 7n, block: 110n });
    await hubDb().gatewayDeposit.delete({ where: key });
    // The hub's own follower holds the lease: a second follower does nothing and moves no head.
    const head = await gatewayIndexHead();
    expect(await followGatewayDeposits({ holder: "another-process" })).toMatchObject({ leader: false });
    expect((await gatewayIndexHead())!.block).toBeGreaterThanOrEqual(head!.block);
  });

  // On a busy hub every connection of the requests' pool can be taken by a request; the leases and the
  // index's pass have a pool of their own on PostgreSQL (lib/db.ts getBackgroundDb), so they keep time.
  it.skipIf(!process.env.DATABASE_URL?.startsWith("postgres"))("takes the index's lease while every connection of the requests' pool is held (PostgreSQL)", async () => {
    const POOL = 10; // node-postgres's default pool: the requests' client's
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    let allHeld!: () => void;
    const everyConnection = new Promise<void>((resolve) => (allHeld = resolve));
    const holders = Array.from({ length: POOL }, () =>
      db.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          if (++holding === POOL) allHeld();
          await held;
        },
        { timeout: 30_000 },
      ),
    );
    try {
      await everyConnection;
      const waited = new Promise<"waited for the requests' pool">((resolve) => setTimeout(() => resolve("waited for the requests' pool"), 5_000));
      expect(await Promise.race([followGatewayDeposits({ holder: "another-process" }), waited])).toMatchObject({ leader: false });
    } finally {
      release();
      await Promise.all(holders);
    }
  });

  it("refuses a signature the Gateway Wallet would skip: the high-s twin and v 0/1", async () => {
    const payer = await freshPayer({ deposit: "1" });
    const { payload } = await signedPayment({ requirement: gateway, signer: payer });
    const signature = payload.payload.signature as string;
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const v = Number.parseInt(signature.slice(130), 16);
    const twin = `${signature.slice(0, 66)}${(N - s).toString(16).padStart(64, "0")}${(v === 27 ? 28 : 27).toString(16)}`;
    const zeroOne = `${signature.slice(0, 130)}${(v - 27).toString(16).padStart(2, "0")}`;
    const before = await paymentCounts();
    for (const bad of [twin, zeroOne]) {
      const res = await pay(CONTENT, { "payment-signature": encodePaymentSignatureHeader({ ...payload, payload: { ...payload.payload, signature: bad } }) });
      expectError(res, 402, "payment-invalid");
      expect(res.body.reason).toBe("invalid_signature");
    }
    expect(await paymentCounts()).toEqual(before);
    // The original signature pays.
    expect((await pay(CONTENT, { "payment-signature": encodePaymentSignatureHeader(payload) })).status).toBe(200);
  });
});
