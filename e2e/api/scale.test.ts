// Scale-out, proven: two hub instances on one database and one Redis behind a round-robin balancer
// (scripts/test.mjs's `scale` stage starts them; HUB_URL is the balancer, SCALE_INSTANCES names the
// instances). Paid unlocks spread over both and settle once, replays and concurrent copies included;
// one settler at a time; rate limits and sessions are shared; and when the settler's leader is killed
// in the middle of a batch, the other instance takes the lease over once it expires and finishes the
// batch from chain state, with nothing settled twice and nothing lost.
import { connect } from "node:net";
import type { PaymentRequirements } from "@x402/core/types";
import type { Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTLER_LOCK } from "../../lib/x402/settle-gateway-batch";
import { hubClient } from "../support/extra-hub";
import { api, HUB_URL, siweMessage, type HubResponse } from "../support/hub";
import { cleanupRun, createSite } from "../support/sites";
import {
  chainClient, challengeFor, eventually, freshPayer, gatewayAvailable, hubDb, pay, settled, settlementEvents, signedPayment, usdc, usdcBalance,
} from "../support/x402";

type Instance = { url: string; pid: number };
const instances: Instance[] = JSON.parse(process.env.SCALE_INSTANCES ?? "[]");
const CONTENT = { contentId: "liner-notes" }; // 0.01 USDC to the creator's wallet
const PRICE = usdc("0.01");

/** Which instance answered through the balancer (its index in SCALE_INSTANCES). */
const servedBy = (res: { headers: Headers }) => Number(res.headers.get("x-hub-upstream"));

/** The instance holding the settler's lease now (-1: none, or a holder that is no instance). */
async function leader(): Promise<number> {
  const lock = await hubDb().leaderLock.findUnique({ where: { name: SETTLER_LOCK } });
  if (!lock || lock.expiresAt <= new Date()) return -1;
  const pid = Number(lock.holder.split(":").at(-2)); // `${hostname}:${pid}:${random}`
  return instances.findIndex((i) => i.pid === pid);
}

async function paidUnlock(payer: Parameters<typeof signedPayment>[0]["signer"], requirement: PaymentRequirements) {
  const signed = await signedPayment({ requirement, signer: payer });
  const res = await pay(CONTENT, { "payment-signature": signed.header });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.payment.paymentId as string, nonce: signed.nonce, by: servedBy(res) };
}

/** Whether nothing listens at `url` any more (the connection is refused). */
function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once("connect", () => (socket.destroy(), resolve(false)));
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
  });
}

/** Every settlement batch so far ran alone: each one started after the one before had finished. */
async function batchesNeverOverlapped() {
  const batches = await hubDb().settlementBatch.findMany({ orderBy: { createdAt: "asc" } });
  for (let i = 1; i < batches.length; i++) {
    const prev = batches[i - 1]!;
    const finished = prev.confirmedAt ?? prev.submittedAt ?? prev.createdAt;
    expect(batches[i]!.createdAt.getTime(), `batch ${batches[i]!.id} started before ${prev.id} finished`).toBeGreaterThanOrEqual(finished.getTime());
  }
  return batches;
}

const skip = instances.length !== 2;
if (skip) console.warn("SKIPPED: the scale-out tests run in `npm test -- scale` (two instances behind a balancer)");

afterAll(cleanupRun);
describe.skipIf(skip)("two hub instances behind a round-robin balancer", () => {
  let gateway: PaymentRequirements;
  let creator: Address;
  let firstLeader = -1;

  beforeAll(async () => {
    firstLeader = await eventually(async () => ((await leader()) >= 0 ? (await leader()) + 1 : undefined), { what: "an instance to hold the lease" }).then((n) => n - 1);
    gateway = (await challengeFor(CONTENT)).accepts[1] as PaymentRequirements;
    expect(gateway.extra.name).toBe("GatewayWalletBatched");
    creator = gateway.payTo as Address;
  });

  it("spreads paid unlocks over both instances and settles each exactly once", async () => {
    const payer = await freshPayer({ deposit: "1" });
    const before = await usdcBalance(creator);
    const paid = [];
    for (let i = 0; i < 6; i++) paid.push(await paidUnlock(payer, gateway));
    expect(paid.map((p) => p.by).sort()).toEqual([0, 0, 0, 1, 1, 1]);

    for (const p of paid) await settled(p.id, 60_000);
    for (const p of paid) expect(await settlementEvents(payer.address, p.nonce)).toHaveLength(1);
    expect(await usdcBalance(creator)).toBe(before + 6n * PRICE);
    expect(await gatewayAvailable(payer.address)).toBe(usdc("1") - 6n * PRICE);
    expect(await hubDb().ledgerActivity.count({ where: { sourceKey: { in: paid.map((p) => `payment:${p.id}`) } } })).toBe(6);
  });

  it("settles a replayed authorization and concurrent copies of it once, whichever instance each copy reaches", async () => {
    const payer = await freshPayer({ deposit: "1" });
    const before = await usdcBalance(creator);
    const { header, nonce } = await signedPayment({ requirement: gateway, signer: payer });
    const copies = await Promise.all(Array.from({ length: 6 }, () => pay(CONTENT, { "payment-signature": header })));
    expect(new Set(copies.map(servedBy))).toEqual(new Set([0, 1]));
    const ok = copies.filter((r) => r.status === 200);
    expect(ok.length, JSON.stringify(copies.map((r) => [r.status, r.body]))).toBeGreaterThan(0);
    // A copy that lost the race may be told to retry, never charged: every 200 names the one payment.
    for (const r of copies) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    const id = ok[0]!.body.payment.paymentId as string;
    for (const r of ok) expect(r.body.payment.paymentId).toBe(id);
    expect(await hubDb().payment.count({ where: { nonce } })).toBe(1);

    await settled(id, 60_000);
    // Late replays on each instance return the settled result.
    for (const inst of instances) {
      const late = await hubClient(inst.url).api("/hub/pay", { json: CONTENT, headers: { "payment-signature": header } });
      expect(late.status).toBe(200);
      expect(late.body.payment).toMatchObject({ paymentId: id, status: "settled" });
    }
    expect(await settlementEvents(payer.address, nonce)).toHaveLength(1);
    expect(await usdcBalance(creator)).toBe(before + PRICE);
    expect(await hubDb().ledgerActivity.count({ where: { sourceKey: `payment:${id}` } })).toBe(1);
  });

  it("runs exactly one settler at a time: one instance kept the lease throughout and batches never overlap", async () => {
    expect(await hubDb().leaderLock.count({ where: { name: SETTLER_LOCK } })).toBe(1);
    expect(instances[firstLeader]).toBeDefined();
    expect(await leader()).toBe(firstLeader); // both instances try every 300 ms: still the holder from before the first payment
    const batches = await batchesNeverOverlapped();
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.every((b) => b.status === "confirmed")).toBe(true);
  });

  it("shares the per-site event rate through Redis: 10 a minute across both instances, then 429 on both", async () => {
    const site = await createSite();
    const body = { siteId: site.id, token: site.token, event: "page_view", url: `https://${site.domain}/` };
    const answers: HubResponse[] = [];
    for (let i = 0; i < 14; i++) answers.push(await api("/hub/evt", { json: body }));
    expect(answers.map((r) => r.status)).toEqual([...Array(10).fill(200), 429, 429, 429, 429]);
    expect(new Set(answers.slice(0, 10).map(servedBy))).toEqual(new Set([0, 1]));
    expect(new Set(answers.slice(10).map(servedBy))).toEqual(new Set([0, 1]));
    expect(await hubDb().widgetEvent.count({ where: { siteId: site.id } })).toBe(10);
  });

  it("keeps a session across instances: nonce from one, sign-in on the other, the cookie good on both", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const [a, b] = instances.map((i) => hubClient(i.url));
    const terms = await a!.api("/auth/nonce");
    expect(terms.status).toBe(200);
    expect(terms.body.uri).toBe(new URL(HUB_URL).origin); // every instance speaks for the one public origin
    const message = siweMessage(account, terms.body);
    const verified = await b!.api("/auth/verify", { json: { message, signature: await account.signMessage({ message }) } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0]!;
    for (const client of [a!, b!]) {
      const me = await client.api("/auth/me", { cookie });
      expect(me.status).toBe(200);
      expect(me.body.wallet).toBe(account.address);
    }
    // The nonce was consumed for both: replaying the sign-in fails on either instance.
    for (const client of [a!, b!]) expect((await client.api("/auth/verify", { json: { message, signature: await account.signMessage({ message }) } })).status).toBe(401);
  });

  // Last: it kills an instance.
  it("lets the other instance take over when the leader is killed mid-batch: nothing settled twice, nothing lost", async () => {
    const payer = await freshPayer({ deposit: "1" });
    const before = await usdcBalance(creator);
    const paid: Awaited<ReturnType<typeof paidUnlock>>[] = [];
    let lead = -1;
    let batchId = "";
    // Blocks stop being mined, so the leader's settlement tx waits in the mempool: the batch is
    // recorded as submitted and the leader is waiting for its receipt when it dies.
    await chainClient.request({ method: "evm_setAutomine" as never, params: [false] as never });
    try {
      for (let i = 0; i < 3; i++) paid.push(await paidUnlock(payer, gateway));
      const batch = await eventually(() => hubDb().settlementBatch.findFirst({ where: { status: "submitted" } }), { timeoutMs: 30_000, what: "a batch to be sent" });
      batchId = batch.id;
      lead = await leader();
      expect(lead).toBeGreaterThanOrEqual(0);
      process.kill(instances[lead]!.pid, "SIGKILL");
    } finally {
      await chainClient.request({ method: "evm_setAutomine" as never, params: [true] as never });
      await chainClient.request({ method: "evm_mine" as never, params: [] as never });
    }
    const survivor = 1 - lead;
    // The batch's tx landed, but the dead leader never recorded it.
    expect(await hubDb().settlementBatch.findUniqueOrThrow({ where: { id: batchId } })).toMatchObject({ status: "submitted" });

    // Once the dead instance's port refuses connections, paid unlocks go on through the balancer, all
    // to the survivor. (A connection made while the process is dying is reset, and a reset request
    // cannot be told from one that arrived, so the balancer only moves on from refused ones.)
    await eventually(() => refused(instances[lead]!.url), { what: "the killed instance's port to close" });
    for (let i = 0; i < 2; i++) {
      const p = await paidUnlock(payer, gateway);
      expect(p.by).toBe(survivor);
      paid.push(p);
    }

    // The survivor waits for the dead leader's lease to expire, takes it, and finishes the work.
    await eventually(async () => (await leader()) === survivor, { timeoutMs: 90_000, what: "the survivor to take over the lease" });
    for (const p of paid) await settled(p.id, 90_000);
    expect(await hubDb().settlementBatch.findUniqueOrThrow({ where: { id: batchId } })).toMatchObject({ status: "confirmed" });
    for (const p of paid) expect(await settlementEvents(payer.address, p.nonce), `payment ${p.id}`).toHaveLength(1);
    expect(await usdcBalance(creator)).toBe(before + 5n * PRICE);
    expect(await gatewayAvailable(payer.address)).toBe(usdc("1") - 5n * PRICE);
    const rows = await hubDb().payment.findMany({ where: { id: { in: paid.map((p) => p.id) } }, include: { receipt: true } });
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill("settled"));
    for (const r of rows) expect(r.receipt?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    await batchesNeverOverlapped();
  }, 240_000);
});
