// POST /hub/pay under load: req/s, p50/p99 and memory for
//   1. the 402 challenge of the hub (body parse, content lookup, challenge, PAYMENT-REQUIRED),
//   2. the same challenge from a bare Node `http` server (bench/servers/bare-pay-challenge.mjs: the app's
//      Prisma client, the same query and challenge, @x402/core encoding; its answer is checked to be
//      byte-identical to the hub's) — hub ÷ bare is the cost of Next.js, the proxy and the route wrapper,
//   3. Gateway-rail paid unlocks on the hub (decode, EIP-712 recovery, nonce and deposit reads on chain,
//      per-payer lock, Payment + Receipt + counters + metrics + ledger row in one transaction): every
//      request carries its own pre-signed authorization (one payer per connection), and the Payment and ledger
//      rows written are checked against the 200s afterwards (one each),
//   4. with --targets plain: plain EIP-3009 paid unlocks (USDC's own domain), which the hub's relayer
//      settles on chain before it answers: the on-chain rail's latency, the chain's wait included.
//   5. with --targets next: an empty route handler of a bare Next app (bench/servers/bare-next, the same
//      Next and Node), the framework's own floor: since the hub's edge calls its route handlers without
//      Next's router (session 43), its cheapest route is no longer a floor Next shares, and every row
//      is also printed against this one.
// The hub's batch settler runs meanwhile, as in production. Usage: node bench/pay.mjs [--duration 10]
//   [--rounds 3] [--connections 10] [--payments 1500] [--history 0] [--db sqlite|postgres] [--build]; see bench/README.md.
// --history N gives every payer N settled Gateway payments of a day ago before the paid runs: a payer
// with a long history (an agent that buys all day) must cost a paid unlock no more than a new one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { checkGatewayBooks, gatewayBooks, gatewayPayers, settledGatewayBooks, signAuthorizations, signGatewayAuthorizations } from "./lib/gateway.mjs";
import { benchOptions, combineRounds, describeKeptReads, describeQueryPlans, ensureBuild, fmt, load, loadColumns, machineLine, printTable, root, runBenchmark, sqlRows, startBareNext, startChild, startHub } from "./lib/harness.mjs";

const CONTENT = { contentId: "liner-notes" }; // seeded, 0.01 USDC
const POST = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(CONTENT) };

/** The harness's load() of POST /hub/pay: `expect` is the status every answer must have (402 for a challenge, 200 paid). */
const loadExpecting = (opts) => load({ ...opts, method: POST.method, headers: POST.headers, body: POST.body });

await runBenchmark(async () => {
  const opts = benchOptions(process.argv.slice(2), { payments: { type: "string", default: "1500" }, history: { type: "string", default: "0" }, targets: { type: "string", default: "floor,challenge,bare,paid" } });
  const targets = new Set(opts.targets.split(","));
  for (const t of targets) if (!["floor", "next", "challenge", "bare", "paid", "plain"].includes(t)) throw new Error(`--targets: unknown target ${t} (floor, next, challenge, bare, paid, plain)`);
  const payments = Number(opts.payments);
  if (!Number.isInteger(payments) || payments < 10 || payments > 50_000) throw new Error("--payments must be an integer from 10 to 50000");
  const history = Number(opts.history);
  if (!Number.isInteger(history) || history < 0 || history > 1_000_000) throw new Error("--history must be an integer from 0 to 1000000");
  const timing = { duration: opts.duration, warmup: opts.warmup, connections: opts.connections };

  await ensureBuild({ force: opts.build });
  const hub = await startHub({ db: opts.db, appPort: opts.appPort, chainPort: opts.chainPort });
  const bareNext = targets.has("next") ? await startBareNext({ port: Number(opts.barePort) + 1 }) : null;
  // Where the payments' deposit checks were answered (index or chain).
  const depositChecks = async () => {
    const metrics = await hub.metrics();
    const of = (source) => metrics.get(`hub_gateway_deposit_checks_total{source="${source}"}`) ?? 0;
    return { index: of("index"), chain: of("chain") };
  };

  // The hub's challenge: the bare server must reproduce it, the payers sign its Gateway option.
  const first = await fetch(`${hub.url}/hub/pay`, POST);
  const hubBody = await first.text();
  const hubHeader = first.headers.get("payment-required");
  const challenge = decodePaymentRequiredHeader(hubHeader);
  const [plain, gateway] = challenge.accepts;
  const startBare = async () => {
    const bare = await startChild({
      script: path.join(root, "bench/servers/bare-pay-challenge.mjs"),
      port: opts.barePort,
      readyPath: "/health",
      env: {
        NODE_ENV: "production",
        DATABASE_URL: hub.databaseUrl,
        BARE_CHALLENGE_TERMS: JSON.stringify({ asset: plain.asset, name: plain.extra.name, version: plain.extra.version, gateway: gateway.extra.verifyingContract }),
        BARE_RECEIPT_KEY: readFileSync(path.join(hub.dataDir, "receipt-signing-key"), "utf8").trim(),
        BARE_BAZAAR: JSON.stringify(challenge.extensions.bazaar),
      },
    });
    const answer = await fetch(`${bare.url}/hub/pay`, POST);
    const text = await answer.text();
    // The extensions carry fresh nonces, times and signatures: the rest must be byte for byte the
    // hub's, and the bare server must declare the same extensions.
    const { extensions: bareExt, ...bareRest } = decodePaymentRequiredHeader(answer.headers.get("payment-required"));
    const { extensions: hubExt, ...hubRest } = challenge;
    const sameBody = JSON.stringify({ ...JSON.parse(text), extensions: undefined }) === JSON.stringify({ ...JSON.parse(hubBody), extensions: undefined });
    if (answer.status !== 402 || !sameBody || JSON.stringify(bareRest) !== JSON.stringify(hubRest) || Object.keys(bareExt).sort().join() !== Object.keys(hubExt).sort().join()) {
      throw new Error(`the bare server's 402 differs from the hub's:\n${text}\n${hubBody}`);
    }
    return bare;
  };

  // One payer per connection, with a Gateway deposit of twice its spending: the hub counts payments
  // settled during the run against the deposit until its next balance read (the safe side).
  const warmCount = opts.warmup > 0 ? Math.max(opts.connections * 10, Math.round(payments / 10)) : 0;
  const total = (payments + warmCount) * opts.rounds;
  const perPayer = 2n * BigInt(Math.ceil(total / opts.connections) + 1) * BigInt(gateway.amount);
  console.log(`› funding ${opts.connections} payers, signing ${total} Gateway authorizations…`);
  const signers = await gatewayPayers({ hub, count: opts.connections, deposit: perPayer });
  if (history > 0) {
    console.log(`› ${history} settled payments of a day ago for each payer…`);
    await settledHistory({ databaseUrl: hub.databaseUrl, payers: signers.map((s) => s.address), count: history, chainId: Number(gateway.network.split(":")[1]), payTo: gateway.payTo, amount: gateway.amount });
  }
  const signatures = (await signGatewayAuthorizations({ signers, total, to: gateway.payTo, amount: gateway.amount, network: gateway.network, verifyingContract: gateway.extra.verifyingContract })).map((payload) =>
    encodePaymentSignatureHeader({ x402Version: 2, accepted: gateway, resource: challenge.resource, payload }),
  );
  // Plain EIP-3009 payers hold the USDC themselves; the relayer moves it with each unlock.
  let plainSignatures = [];
  if (targets.has("plain")) {
    // Valid for the offer's maxTimeoutSeconds from now: the rounds must end within it (a round's answers
    // past it would be 402s, which the run counts as unexpected).
    console.log(`› funding ${opts.connections} plain payers, signing ${total} EIP-3009 authorizations…`);
    const plainSigners = await gatewayPayers({ hub, count: opts.connections, usdc: perPayer });
    const domain = { name: plain.extra.name, version: plain.extra.version, chainId: Number(plain.network.split(":")[1]), verifyingContract: plain.asset };
    plainSignatures = (await signAuthorizations({ signers: plainSigners, total, to: plain.payTo, amount: plain.amount, domain, validFor: plain.maxTimeoutSeconds })).map((payload) =>
      encodePaymentSignatureHeader({ x402Version: 2, accepted: plain, resource: challenge.resource, payload }),
    );
  }
  const paying = (count, from = signatures) => {
    const batch = from.splice(0, count);
    let next = 0;
    const setupRequest = (req) => ({ ...req, headers: { ...req.headers, "payment-signature": batch[next++] } });
    return { maxOverallRequests: batch.length, requests: [{ ...POST, path: "/hub/pay", setupRequest }] };
  };
  const header = `POST /hub/pay — ${opts.db}, ${opts.connections} connections, ${opts.rounds} × ${opts.duration} s per target (after ${opts.warmup} s warm-up each)`;
  console.log(`› ${header}; ${machineLine()}`);
  const runs = { floor: [], next: [], challenge: [], bare: [], paid: [], plain: [] };
  let paidAnswers = 0;
  let plainAnswers = 0;
  for (let round = 1; round <= opts.rounds; round++) {
    if (targets.has("floor")) runs.floor.push(await load({ url: `${hub.url}/hub/widget.js`, pid: hub.serverPid, cpuPids: hub.serverPids, ...timing }));
    if (bareNext) runs.next.push(await load({ url: `${bareNext.url}/empty`, pid: bareNext.pid, ...timing }));
    if (targets.has("challenge")) runs.challenge.push(await loadExpecting({ url: `${hub.url}/hub/pay`, expect: "402", pid: hub.serverPid, cpuPids: hub.serverPids, ...timing }));
    if (targets.has("bare")) {
      const bare = await startBare();
      try {
        runs.bare.push(await loadExpecting({ url: `${bare.url}/hub/pay`, expect: "402", pid: bare.pid, ...timing }));
      } finally {
        await bare.stop();
      }
    }
    const latest = (name) => (runs[name].length ? fmt.int(runs[name].at(-1).reqPerSec) : "–");
    if (targets.has("plain")) {
      const before = await gatewayBooks(hub.databaseUrl, "eip3009");
      const run = await loadExpecting({ url: hub.url, expect: "200", pid: hub.serverPid, cpuPids: hub.serverPids, warm: paying(warmCount, plainSignatures), run: paying(payments, plainSignatures), ...timing });
      runs.plain.push(run);
      const after = await settledGatewayBooks(hub.databaseUrl, { rail: "eip3009" });
      plainAnswers += run.good;
      checkGatewayBooks({ before, after, answered: run.good + run.warmGood, inFlight: 2 * opts.connections, amount: plain.amount });
      console.log(`  round ${round}/${opts.rounds}: plain EIP-3009 unlock ${fmt.int(run.reqPerSec)} req/s, p50 ${fmt.ms(run.p50)}, p99 ${fmt.ms(run.p99)}`);
    }
    if (!targets.has("paid")) {
      console.log(`  round ${round}/${opts.rounds}: req/s floor ${latest("floor")}, Next's floor ${latest("next")}, challenge ${latest("challenge")}, bare ${latest("bare")}`);
      continue;
    }
    const before = await gatewayBooks(hub.databaseUrl);
    const paid = await loadExpecting({ url: hub.url, expect: "200", pid: hub.serverPid, cpuPids: hub.serverPids, warm: paying(warmCount), run: paying(payments), ...timing });
    runs.paid.push(paid);
    const after = await settledGatewayBooks(hub.databaseUrl);
    const answered = paid.good + paid.warmGood;
    paidAnswers += paid.good;
    // Every 200 wrote its payment and ledger row, one each; requests still in flight when a run's
    // clock stopped (at most one per connection, warm-up and recorded run) may add a few unanswered ones.
    // Balances: every payment's amount is in the ledger, in the ledger's running totals and in the content's counters, once.
    checkGatewayBooks({ before, after, answered, inFlight: 2 * opts.connections, amount: gateway.amount });
    if (paid.requests >= payments) console.log(`  (round ${round}: all ${payments} pre-signed payments used before ${opts.duration} s; raise --payments for longer runs)`);
    console.log(`  round ${round}/${opts.rounds}: req/s floor ${latest("floor")}, Next's floor ${latest("next")}, challenge ${latest("challenge")}, bare ${latest("bare")}, paid unlock ${fmt.int(paid.reqPerSec)}`);
  }

  const rows = {
    floor: { name: "floor — hub GET /hub/widget.js", ...(runs.floor.length ? combineRounds(runs.floor) : {}) },
    next: { name: "Next's floor — bare Next GET /empty", ...(runs.next.length ? combineRounds(runs.next) : {}) },
    challenge: { name: "402 challenge — hub", ...(runs.challenge.length ? combineRounds(runs.challenge) : {}) },
    bare: { name: "402 challenge — bare node:http + Prisma", ...(runs.bare.length ? combineRounds(runs.bare) : {}) },
    paid: { name: "Gateway paid unlock — hub (200, locked)", ...(runs.paid.length ? combineRounds(runs.paid) : {}) },
    plain: { name: "plain EIP-3009 paid unlock — hub (200, settled on chain)", ...(runs.plain.length ? combineRounds(runs.plain) : {}) },
  };
  const results = Object.entries(rows).filter(([name]) => targets.has(name)).map(([, row]) => row);
  const columns = loadColumns().map((c) => (c.title === "non-2xx" ? { ...c, title: "unexpected" } : c));
  console.log(`\n${header}\n${machineLine()}; medians over the rounds\n`);
  printTable(results, columns);
  const ratio = (a, b) => `req/s ${fmt.ratio(a.reqPerSec / b.reqPerSec)}, p50 ${fmt.ratio(a.p50 / Math.max(b.p50, 1))}, p99 ${fmt.ratio(a.p99 / Math.max(b.p99, 1))}`;
  console.log("");
  if (targets.has("challenge") && targets.has("bare")) console.log(`challenge, hub ÷ bare: ${ratio(rows.challenge, rows.bare)}`);
  // By CPU: the floor's CPU per request over the target's, what the ratio of req/s would be if the hub's
  // processes had the cores to themselves (the load generator takes part of them here).
  const byCpu = (row) => `, by CPU ${fmt.ratio(rows.floor.cpuUsPerReq / row.cpuUsPerReq)}`;
  if (targets.has("challenge") && targets.has("floor")) console.log(`challenge ÷ floor: req/s ${fmt.ratio(rows.challenge.reqPerSec / rows.floor.reqPerSec)}${byCpu(rows.challenge)}`);
  if (targets.has("paid") && targets.has("floor")) console.log(`paid unlock ÷ floor: req/s ${fmt.ratio(rows.paid.reqPerSec / rows.floor.reqPerSec)}${byCpu(rows.paid)} (issue 38 target: >= 0.5x with p99 <= 50 ms; p99 here ${fmt.ms(rows.paid.p99)})`);
  if (bareNext) {
    const measured = ["floor", "challenge", "paid"].filter((name) => targets.has(name));
    console.log(`÷ Next's floor (an empty route handler of a bare Next app): ${measured.map((name) => `${name} ${fmt.ratio(rows[name].reqPerSec / rows.next.reqPerSec)}`).join(", ")}`);
  }
  if (targets.has("paid")) {
    console.log(`paid unlocks answered 200 in the recorded runs: ${paidAnswers}, each with one Payment and one ledger row; amounts, ledger totals and content counters moved alike`);
    const checks = await depositChecks();
    console.log(`Gateway deposit and nonce checks (warm-up included): ${checks.index} from the deposit index, ${checks.chain} on chain`);
    console.log(`content rows of the Gateway sales (warm-up included): ${describeKeptReads(await hub.metrics(), "content")} (one item: every sale after the first can use the kept copy)`);
  }
  console.log(`the hub's database statements (warm-up and checks included): ${describeQueryPlans(await hub.metrics())}`);
  if (targets.has("plain")) console.log(`plain EIP-3009 unlocks answered 200 in the recorded runs: ${plainAnswers}, each with one Payment and one ledger row, settled on chain before the answer`);
  const failures = results.filter((r) => r.errors || r.non2xx);
  if (failures.length) {
    console.error(`\n!! ${failures.map((r) => r.name).join(", ")}: errors or unexpected answers; the figures above are not clean`);
    process.exitCode = 1;
  }
});

/**
 * `count` settled Gateway payments for each of `payers`, settled a day ago (before any balance read the
 * hub will make, so none of them is owed again), written straight into the database in one statement
 * per payer. The values are the benchmark's own (addresses, numbers), put into the SQL as literals; the
 * benchmark's hub runs on the testnet.
 */
async function settledHistory({ databaseUrl, payers, count, chainId, payTo, amount }) {
  const dayAgo = new Date(Date.now() - 86_400_000).toISOString().replace("Z", "+00:00");
  for (const [p, payer] of payers.entries()) {
    await sqlRows(
      databaseUrl,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
      INSERT INTO "Payment" ("id", "network", "chainId", "rail", "status", "resourceType", "resourceId", "payer", "payTo", "recipient",
        "amountAtomic", "feeAtomic", "nonce", "createdAt", "updatedAt", "settledAt")
      SELECT 'history-${p}-' || i, 'testnet', ${chainId}, 'gateway', 'settled', 'content', 'history', '${payer}', '${payTo}', '${payTo}',
        ${BigInt(amount)}, 0, 'history-' || i, '${dayAgo}', '${dayAgo}', '${dayAgo}' FROM n`,
    );
  }
}
