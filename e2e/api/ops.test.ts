// The operator's view of money in flight (issue 18 part 3: /ops for OPERATOR_WALLETS and
// `npm run ops`, with an idempotent retry that cannot charge twice) and the structured log (part 2:
// request ids on every line of a request, money events once each with their ids, no secrets).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PaymentRequirements } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTOVACUUM_OFF } from "../../lib/ops/warn-on-database-settings";
import { SETTLER_LOCK } from "../../lib/x402/settle-gateway-batch";
import { api, cookieFrom, getTerms, signIn, siweMessage, WALLETS } from "../support/hub";
import { challengeFor, eventually, freshPayer, hubDb, pay, settled, settlementEvents, signedPayment } from "../support/x402";
import { holdSettlerLease } from "../support/settler-lease";

const root = path.resolve(import.meta.dirname, "../..");
const CONTENT = { contentId: "liner-notes" };
const HOLDER = "ops-test-holds-the-settler";

/** `npm run ops -- <args>` against the hub's database, as an operator would run it. */
function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/ops.ts", ...args], { cwd: root, env: { ...process.env, LOG_LEVEL: "silent" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const releaseLease = () => hubDb().leaderLock.updateMany({ where: { name: SETTLER_LOCK, holder: HOLDER }, data: { expiresAt: new Date(0) } });

// `npm run ops` starts a tsx process per call: slow on a loaded machine.
describe("operator view", { timeout: 120_000 }, () => {
  let gateway: PaymentRequirements;
  let failedId: string;
  let failedNonce: `0x${string}`;
  let payer: Awaited<ReturnType<typeof freshPayer>>;
  const REASON = "skipped by the Gateway Wallet: insufficient-balance";

  beforeAll(async () => {
    [, gateway] = (await challengeFor(CONTENT)).accepts as [PaymentRequirements, PaymentRequirements];
    payer = await freshPayer({ deposit: "1" });
    // Keep the hub's settler off this payment while it is made to fail (a batch an earlier file left
    // open is finished by the lease's new holder).
    await holdSettlerLease(HOLDER);
    const signed = await signedPayment({ requirement: gateway, signer: payer });
    const res = await pay(CONTENT, { "payment-signature": signed.header });
    expect(res.status).toBe(200);
    failedId = res.body.payment.paymentId;
    failedNonce = signed.nonce;
    // The state the settler leaves when the Gateway Wallet skips an authorization (markFailed).
    await hubDb().payment.update({ where: { id: failedId }, data: { status: "failed", error: REASON } });
  }, 90_000);
  afterAll(releaseLease);

  it("is for operator wallets only", async () => {
    const signedOut = await api<string>("/ops", { headers: { accept: "text/html" } });
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toContain("see money in flight"); // "Sign in to <!-- -->see money in flight"
    expect(signedOut.body).not.toContain(failedId);

    const bob = await api<string>("/ops", { cookie: await signIn(WALLETS.bob), headers: { accept: "text/html" } });
    expect(bob.body).toContain("is not one of them");
    expect(bob.body).not.toContain(failedId);
  });

  it("shows a failed payment with its reason and age, the counts and the settler, on the page and in `npm run ops -- status`", async () => {
    const page = await api<string>("/ops", { cookie: await signIn(WALLETS.alice), headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`data-payment-id="${failedId}"`);
    expect(page.body).toContain(REASON);
    expect(page.body).toMatch(/data-count="failed">[1-9]/);
    expect(page.body).toContain(HOLDER); // the settler's current leader

    const cli = await ops("status", "--json");
    expect(cli.code, cli.stderr).toBe(0);
    const status = JSON.parse(cli.stdout);
    expect(status.counts.failed).toBeGreaterThanOrEqual(1);
    const row = status.failed.find((p: { id: string }) => p.id === failedId);
    expect(row).toMatchObject({ rail: "gateway", status: "failed", reason: REASON, amount: "0.01" });
    expect(row.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(status.settler).toMatchObject({ leader: HOLDER, leaseLive: true });
    // The hub follows the Gateway Wallet every 200 ms in the tests: its index is current.
    expect(status.depositIndex).toMatchObject({ enabled: true, current: true, maxLagMs: 2000 });
    expect(Number(status.depositIndex.block)).toBeGreaterThan(0);
    expect(status.depositIndex.leader).toEqual(expect.any(String));
    expect(page.body).toContain('data-deposit-index="current"');
    expect(Array.isArray(status.heldTips)).toBe(true);

    const text = await ops("status");
    expect(text.stdout).toContain(failedId);
    expect(text.stdout).toContain(`reason: ${REASON}`);
    expect(text.stdout).toMatch(/deposit index: current; block \d+/);
  });

  it("retries a failed payment once however often it is asked, and it settles once", async () => {
    const [a, b] = await Promise.all([ops("retry", failedId, "--json"), ops("retry", failedId, "--json")]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const outcomes = [JSON.parse(a.stdout).outcome, JSON.parse(b.stdout).outcome].sort();
    expect(outcomes).toEqual(["requeued", "unchanged"]);
    expect(await hubDb().payment.findUniqueOrThrow({ where: { id: failedId } })).toMatchObject({ status: "locked", error: null, batchId: null });

    await releaseLease();
    const row = await settled(failedId, 30_000);
    const events = await settlementEvents(payer.address, failedNonce);
    expect(events).toHaveLength(1);
    expect(row.receipt?.txHash).toBe(events[0]!.transactionHash);

    const again = await ops("retry", failedId, "--json");
    expect(JSON.parse(again.stdout)).toMatchObject({ outcome: "unchanged", status: "settled" });
  });

  it("cannot charge twice: a settled authorization wrongly marked failed and retried is recognised on chain, not paid again", async () => {
    const before = await hubDb().payment.findUniqueOrThrow({ where: { id: failedId }, include: { receipt: true } });
    await hubDb().payment.update({ where: { id: failedId }, data: { status: "failed", error: "marked failed by mistake" } });
    const res = await ops("retry", failedId, "--json");
    expect(JSON.parse(res.stdout)).toMatchObject({ outcome: "requeued", status: "locked" });
    const after = await settled(failedId, 30_000);
    expect(await settlementEvents(payer.address, failedNonce)).toHaveLength(1);
    expect(after.receipt?.txHash).toBe(before.receipt?.txHash);
  });

  it("refuses to retry an authorization past its validBefore (409)", async () => {
    await hubDb().payment.update({ where: { id: failedId }, data: { status: "failed", validBefore: 1n, error: "expired before it could be settled" } });
    const res = await ops("retry", failedId);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("conflict: The authorization expired");
    expect(await hubDb().payment.findUniqueOrThrow({ where: { id: failedId } })).toMatchObject({ status: "failed" });
    const unknown = await ops("retry", "no-such-payment");
    expect(unknown.stderr).toContain("not-found");
  });
});

describe("structured log", () => {
  const logFile = process.env.HUB_LOG_FILE;
  const lines = () =>
    readFileSync(logFile!, "utf8")
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it("tags every line of a request with its id, logs route, status and latency, and each money event once with its ids", async () => {
    expect(logFile, "HUB_LOG_FILE: run the API tests through scripts/test.mjs").toBeTruthy();
    const reqId = `ops-log-${Date.now()}`;
    const [, gateway] = (await challengeFor(CONTENT)).accepts as [PaymentRequirements, PaymentRequirements];
    const payer = await freshPayer({ deposit: "1" });
    const signed = await signedPayment({ requirement: gateway, signer: payer });
    const res = await pay(CONTENT, { "payment-signature": signed.header, "x-request-id": reqId });
    expect(res.status).toBe(200);
    const id = res.body.payment.paymentId as string;
    await settled(id);
    await pay(CONTENT, { "payment-signature": signed.header }); // a replay logs no money event

    const mine = await eventually(async () => {
      const all = lines();
      const settledLines = all.filter((l) => l.msg === "payment.settled" && l.paymentId === id);
      return settledLines.length > 0 && all;
    }, { what: "the settlement's log line" });
    const ofRequest = mine.filter((l) => l.reqId === reqId);
    expect(ofRequest.find((l) => l.msg === "request")).toMatchObject({ method: "POST", route: "/hub/pay", status: 200, latencyMs: expect.any(Number) });
    expect(ofRequest.filter((l) => l.msg === "payment.recorded")).toEqual([
      expect.objectContaining({ paymentId: id, rail: "gateway", status: "locked", payer: payer.address, amount: "10000", level: "info" }),
    ]);
    expect(mine.filter((l) => l.msg === "payment.recorded" && l.paymentId === id)).toHaveLength(1);
    expect(mine.filter((l) => l.msg === "payment.settled" && l.paymentId === id)).toHaveLength(1);
    for (const l of mine) expect(l).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String) });
  });

  it("warns once at start when PostgreSQL runs without autovacuum; never with it on, never on SQLite", async () => {
    const onPostgres = process.env.DATABASE_URL!.startsWith("postgres");
    const off = onPostgres && (await hubDb().$queryRawUnsafe<Array<{ autovacuum: string }>>("SHOW autovacuum"))[0]!.autovacuum === "off";
    const warned = () => lines().filter((l) => typeof l.msg === "string" && l.msg.startsWith(AUTOVACUUM_OFF));
    if (!off) return expect(warned()).toEqual([]);
    // The check runs beside the start (it does not hold the server up), so its line may come a little later.
    const found = await eventually(async () => warned().length > 0 && warned(), { what: "the autovacuum warning" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ level: "warn", setting: "autovacuum", value: "off" });
  });

  it("never holds a session cookie or a sign-in signature", async () => {
    const message = siweMessage(WALLETS.bob, await getTerms());
    const signature = await WALLETS.bob.signMessage({ message });
    const verified = await api("/auth/verify", { json: { message, signature } });
    expect(verified.status).toBe(200);
    const cookie = cookieFrom(verified.headers);
    await api("/auth/me", { cookie });
    const log = readFileSync(logFile!, "utf8");
    expect(log).not.toContain(signature.slice(2));
    expect(log).not.toContain(cookie.split("=")[1]!);
    expect(log).not.toMatch(/auth_session=/);
    expect(log).not.toContain(process.env.METRICS_TOKEN!);
    expect(log).not.toContain(process.env.JUDGE_API_KEY!);
  });
});
