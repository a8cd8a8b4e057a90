// POST /hub/pay under load: req/s and p50/p99 for
//   1. the 402 challenge (no payment: body parse, content lookup, challenge, PAYMENT-REQUIRED),
//   2. the same challenge from a bare Node `http` server (bench/servers/bare-pay-challenge.mjs) — the ratio
//      is the cost of Next.js, the proxy and the route wrapper,
//   3. a Gateway-rail paid unlock (decode, EIP-712 recovery, nonce and deposit checks on chain, per-payer
//      lock, Payment + Receipt + counters + metrics + ledger row in one transaction), every request with
//      its own pre-signed authorization (as many payers as connections, so no payer serialises the run).
// The hub's batch settler runs as in production (SETTLE_INTERVAL_MS default) and settles during the run.
// Usage: node bench/pay.mjs [--duration 10] [--warmup 2] [--connections 10] [--payments 3000]
//   [--db sqlite|postgres] [--build] [--app-port 3720] [--chain-port 8720] [--bare-port 3721]
// Self-contained: a fresh anvil, database and `next start` on 127.0.0.1, all stopped at the end.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import autocannon from "autocannon";
import { toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import Database from "better-sqlite3";
import pg from "pg";
import { fundWallets } from "../scripts/lib/deploy.mjs";
import { describeDatabase, dropDatabase, pgPoolConfig, resetDatabase } from "../scripts/lib/migrate.mjs";
import { ensurePostgres, TEST_PG_URL } from "../scripts/lib/postgres.mjs";
import { bin, nodeBin, run, waitFor } from "../scripts/lib/proc.mjs";
import { contractEnv, migrateAndSeed, stackEnv, startChain, startServer } from "../scripts/lib/stack.mjs";

const root = new URL("..", import.meta.url).pathname;
const { values: opt } = parseArgs({
  options: {
    duration: { type: "string", default: process.env.BENCH_DURATION ?? "10" },
    warmup: { type: "string", default: process.env.BENCH_WARMUP ?? "2" },
    connections: { type: "string", default: process.env.BENCH_CONNECTIONS ?? "10" },
    payments: { type: "string", default: "3000" },
    db: { type: "string", default: process.env.BENCH_DB ?? "sqlite" },
    build: { type: "boolean", default: false },
    "app-port": { type: "string", default: "3720" },
    "chain-port": { type: "string", default: "8720" },
    "bare-port": { type: "string", default: "3721" },
  },
  allowPositionals: true,
});
const duration = Math.min(120, Number(opt.duration));
const warmup = Math.min(30, Number(opt.warmup));
const connections = Math.min(256, Number(opt.connections));
const payments = Math.min(50_000, Number(opt.payments));
const CONTENT = { contentId: "liner-notes" }; // seeded, 0.01 USDC

const cleanups = [];
const cleanup = async () => {
  while (cleanups.length) await cleanups.pop()().catch((err) => console.error("cleanup:", err.message));
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => cleanup().then(() => process.exit(130)));

function cannon(opts) {
  return new Promise((resolve, reject) => autocannon({ connections, timeout: 10, ...opts }, (err, r) => (err ? reject(err) : resolve(r))));
}

const statuses = (r) => Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));

/** A recorded run: warm-up first (unrecorded), then `duration` seconds; counts answers by status. */
async function measure(name, opts, expected) {
  const warm = warmup > 0 ? await cannon({ ...opts.warm, duration: warmup }) : undefined;
  const r = await cannon({ ...opts.run, duration });
  const byStatus = statuses(r);
  const good = byStatus[expected] ?? 0;
  const warmGood = warm ? (statuses(warm)[expected] ?? 0) : 0;
  return { name, reqPerSec: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, good, warmGood, byStatus, errors: r.errors + r.timeouts };
}

/** One COUNT(*) through the raw driver (this script runs without the TypeScript loader). */
async function count(databaseUrl, text) {
  const target = describeDatabase(databaseUrl);
  if (target.provider === "sqlite") {
    const sqlite = new Database(target.filePath, { timeout: 5000 });
    try {
      return Number(sqlite.prepare(text).get().n);
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client(pgPoolConfig(target));
  await client.connect();
  try {
    return Number((await client.query(text)).rows[0].n);
  } finally {
    await client.end();
  }
}

async function main() {
  if (opt.build || !existsSync(path.join(root, ".next", "BUILD_ID"))) {
    console.log("› next build…");
    await run(bin("next"), ["build"], { cwd: root, env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "bench-build-")) } });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hub-bench-pay-"));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = `file:${path.join(dataDir, "hub.db")}`;
  if (opt.db === "postgres") {
    if ((await ensurePostgres()) !== "ready") throw new Error("--db postgres: PostgreSQL is not available");
    databaseUrl = `${TEST_PG_URL}?schema=${process.env.BENCH_PG_SCHEMA ?? "hub_bench_pay"}`;
    cleanups.push(() => dropDatabase({ databaseUrl }));
  }
  await resetDatabase({ databaseUrl });

  console.log(`› anvil on 127.0.0.1:${opt["chain-port"]}, contracts, ${opt.db} database, next start on 127.0.0.1:${opt["app-port"]}…`);
  const { anvil, deployment } = await startChain({ dataDir, chainPort: Number(opt["chain-port"]) });
  cleanups.push(() => anvil.stop());
  const origin = `http://127.0.0.1:${opt["app-port"]}`;
  const env = stackEnv({ dataDir, databaseUrl, chainPort: Number(opt["chain-port"]), appPort: Number(opt["app-port"]), origin, extra: contractEnv(deployment) });
  await migrateAndSeed(env);
  const hub = await startServer(env, { quiet: true });
  cleanups.push(() => hub.stop());

  // The challenge the hub answers: the bare server reproduces it, the payers sign its Gateway option.
  const first = await fetch(`${origin}/hub/pay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(CONTENT) });
  const hubBody = await first.json();
  const challenge = decodePaymentRequiredHeader(first.headers.get("payment-required"));
  const [plain, gateway] = challenge.accepts;

  const bare = spawn(nodeBin, ["--import", "tsx", path.join(root, "bench/servers/bare-pay-challenge.mjs")], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, PORT: opt["bare-port"], DATABASE_URL: databaseUrl, BARE_CHALLENGE_TERMS: JSON.stringify({ asset: plain.asset, name: plain.extra.name, version: plain.extra.version, gateway: gateway.extra.verifyingContract }) },
  });
  cleanups.push(async () => void bare.kill("SIGTERM"));
  const bareUrl = `http://127.0.0.1:${opt["bare-port"]}`;
  await waitFor(async () => (await fetch(`${bareUrl}/health`)).ok, { timeoutMs: 30_000, what: "the bare server" });
  const bareFirst = await fetch(`${bareUrl}/hub/pay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(CONTENT) });
  const bareBody = await bareFirst.json();
  if (JSON.stringify(bareBody) !== JSON.stringify(hubBody) || bareFirst.headers.get("payment-required") !== first.headers.get("payment-required")) {
    throw new Error(`the bare server's 402 differs from the hub's:\n${JSON.stringify(bareBody)}\n${JSON.stringify(hubBody)}`);
  }

  // Payers: one per connection, each with a Gateway deposit covering its share; every request below
  // carries its own authorization (a replay would be answered from the first result, not measured).
  const signers = Array.from({ length: connections }, () => privateKeyToAccount(generatePrivateKey()));
  const warmCount = Math.max(connections, Math.round(payments / 10));
  // Twice what they spend: the hub counts payments settled during the run against the deposit until
  // its next balance read (safe side), so an exactly sized deposit would run dry early.
  const perPayer = 2n * BigInt(Math.ceil((payments + warmCount) / connections) + 1) * BigInt(gateway.amount);
  console.log(`› funding ${connections} payers and signing ${payments + warmCount} Gateway authorizations…`);
  await fundWallets({ rpcUrl: anvil.rpcUrl, dataDir, wallets: signers.map((s) => ({ address: s.address, gatewayDeposit: perPayer })) });
  const now = BigInt(Math.floor(Date.now() / 1000));
  const types = {
    TransferWithAuthorization: ["from:address", "to:address", "value:uint256", "validAfter:uint256", "validBefore:uint256", "nonce:bytes32"].map((f) => ({ name: f.split(":")[0], type: f.split(":")[1] })),
  };
  const domain = { name: "GatewayWalletBatched", version: "1", chainId: Number(gateway.network.split(":")[1]), verifyingContract: gateway.extra.verifyingContract };
  const sign = async (i) => {
    const signer = signers[i % signers.length];
    const authorization = { from: signer.address, to: gateway.payTo, value: BigInt(gateway.amount), validAfter: now - 600n, validBefore: now + 7n * 86400n, nonce: toHex(crypto.getRandomValues(new Uint8Array(32))) };
    const signature = await signer.signTypedData({ domain, types, primaryType: "TransferWithAuthorization", message: authorization });
    const payload = { authorization: Object.fromEntries(Object.entries(authorization).map(([k, v]) => [k, v.toString()])), signature };
    return encodePaymentSignatureHeader({ x402Version: 2, accepted: gateway, resource: challenge.resource, payload });
  };
  const headers = [];
  for (let i = 0; i < payments + warmCount; i++) headers.push(await sign(i));
  const warmSigs = headers.slice(0, warmCount);
  const runSigs = headers.slice(warmCount);

  const post = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(CONTENT) };
  const paying = (sigs) => {
    let next = 0;
    return {
      url: origin,
      amount: sigs.length,
      requests: [{ ...post, path: "/hub/pay", setupRequest: (req) => ({ ...req, headers: { ...req.headers, "payment-signature": sigs[next++ % sigs.length] } }) }],
    };
  };

  const head = `POST /hub/pay — ${opt.db}, ${connections} connections, ${duration} s per target after ${warmup} s warm-up; ${os.cpus().length} CPU cores, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`;
  console.log(`› ${head}`);
  const rows = [];
  rows.push(await measure("402 challenge — hub (next start)", { warm: { url: `${origin}/hub/pay`, ...post }, run: { url: `${origin}/hub/pay`, ...post } }, "402"));
  rows.push(await measure("402 challenge — bare node:http + Prisma", { warm: { url: `${bareUrl}/hub/pay`, ...post }, run: { url: `${bareUrl}/hub/pay`, ...post } }, "402"));
  bare.kill("SIGTERM");
  const counts = async () => ({
    payments: await count(databaseUrl, `SELECT COUNT(*) AS n FROM "Payment" WHERE "rail" = 'gateway'`),
    ledger: await count(databaseUrl, `SELECT COUNT(*) AS n FROM "LedgerActivity" WHERE "type" = 'payment'`),
  });
  const before = await counts();
  const unlock = await measure("Gateway paid unlock — hub (200, locked)", { warm: paying(warmSigs), run: paying(runSigs) }, "200");
  rows.push(unlock);
  // Every 200 must have recorded exactly one payment and one ledger row.
  const after = await counts();
  const answered = unlock.good + unlock.warmGood;
  if (after.payments - before.payments !== answered || after.ledger - before.ledger !== answered) {
    throw new Error(`bookkeeping mismatch: ${answered} paid answers, ${after.payments - before.payments} payments and ${after.ledger - before.ledger} ledger rows recorded`);
  }

  const w = (s, n) => String(s).padStart(n);
  console.log(`\n${head}\n`);
  console.log(`${"target".padEnd(42)}${w("req/s", 8)}${w("p50", 8)}${w("p99", 8)}${w("answers", 10)}  statuses`);
  for (const r of rows) {
    const statuses = Object.entries(r.byStatus).map(([c, n]) => `${c}×${n}`).join(" ");
    console.log(`${r.name.padEnd(42)}${w(Math.round(r.reqPerSec), 8)}${w(`${r.p50} ms`, 8)}${w(`${r.p99} ms`, 8)}${w(r.requests, 10)}  ${statuses}${r.errors ? `  errors ${r.errors}` : ""}`);
  }
  const [hubRow, bareRow] = rows;
  console.log(`\nhub ÷ bare for the challenge: req/s ${(hubRow.reqPerSec / bareRow.reqPerSec).toFixed(2)}×, p50 ${(hubRow.p50 / Math.max(bareRow.p50, 1)).toFixed(1)}×, p99 ${(hubRow.p99 / Math.max(bareRow.p99, 1)).toFixed(1)}×`);
  console.log(`paid unlocks: ${unlock.good} in the recorded run (+${unlock.warmGood} in warm-up), each recorded as exactly one Payment and one ledger row`);
  const unexpected = rows.filter((r) => r.errors || r.good !== r.requests);
  if (unexpected.length) {
    console.error(`!! unexpected answers from: ${unexpected.map((r) => r.name).join(", ")}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (err) {
  console.error(err.stack ?? err.message);
  process.exitCode = 1;
} finally {
  await cleanup();
}
