// POST /facilitator/settle (and /verify) under load, the way bench/pay.mjs measures the paid unlock
// (issue 38 target 2): a creator's server asks the hub to settle Gateway-rail payments (EIP-3009
// authorizations for GatewayWalletBatched, locked against the payer's deposit at once and settled by
// the hub's batch settler, which runs meanwhile as in production). Each connection count (--steps,
// 10 and 100) is measured against the floor (GET /hub/widget.js) at the same count in the same round.
//
// Set up through the hub's API as a creator does it: one owner signs in (EIP-4361), registers sites,
// issues each a facilitator key and verifies it by owner link (a loopback server in this process serves
// /.well-known/svc-owner.txt; SITE_FETCH_ALLOW_HOSTS pins the sites' names to it). The facilitator
// allows a site 600 calls a minute, so the requests go round-robin over as many sites as keep every key
// under 500 calls in the whole run: what is measured is the hub, not its rate limit.
//
// Every settle carries its own pre-signed authorization (one payer per connection, each with a Gateway
// deposit of twice its spending). Every answer's body is read: a 200 must say success (settle) or
// isValid (verify); after each settle run, each payment id answered must have exactly one Payment row and
// one ledger row, and the books must have moved by the payments' amounts (bench/lib/gateway.mjs).
//
// Usage: node bench/facilitator.mjs [--steps 10,100] [--payments 1500] [--targets floor,verify,settle]
//   [--db sqlite|postgres] [--rounds 3] [--duration 10] [--cpu-prof DIR]; see bench/README.md.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { checkGatewayBooks, gatewayBooks, gatewayPayers, settledGatewayBooks, signGatewayAuthorizations } from "./lib/gateway.mjs";
import { benchOptions, combineRounds, describeKeptReads, ensureBuild, fmt, load, loadColumns, machineLine, printTable, runBenchmark, serveInProcess, sqlRows, startHub } from "./lib/harness.mjs";
import { request, signIn } from "./lib/hosts.mjs";

const TARGETS = ["floor", "verify", "settle"];
/** Calls one key may make in the whole run: the facilitator refuses a site's 601st call in a minute. */
const CALLS_PER_KEY = 500;
const PRICE = "10000"; // 0.01 USDC
const JSON_POST = { method: "POST", headers: { "content-type": "application/json" } };

await runBenchmark(async () => {
  const opts = benchOptions(process.argv.slice(2), {
    steps: { type: "string", default: "10,100" },
    payments: { type: "string", default: "1500" },
    targets: { type: "string", default: TARGETS.join(",") },
  });
  const targets = new Set(opts.targets.split(","));
  for (const t of targets) if (!TARGETS.includes(t)) throw new Error(`--targets: unknown target ${t} (${TARGETS.join(", ")})`);
  const steps = opts.steps.split(",").map(Number);
  if (steps.some((c) => !Number.isInteger(c) || c < 1 || c > 256)) throw new Error("--steps: connection counts from 1 to 256, comma-separated");
  const payments = Number(opts.payments);
  if (!Number.isInteger(payments) || payments < 10 || payments > 50_000) throw new Error("--payments must be an integer from 10 to 50000");

  // Requests prepared per run (the warm-up's as pay.mjs sizes them), and the sites that keeps under the limit.
  const warmCount = (c) => (opts.warmup > 0 ? Math.max(c * 10, Math.round(payments / 10)) : 0);
  const facilitatorTargets = ["verify", "settle"].filter((t) => targets.has(t)).length;
  const calls = opts.rounds * facilitatorTargets * steps.reduce((a, c) => a + payments + warmCount(c), 0);
  const siteCount = Math.max(1, Math.ceil(calls / CALLS_PER_KEY));
  const domains = Array.from({ length: siteCount }, (_, i) => `creator-${i + 1}.facilitator-bench.example`);

  await ensureBuild({ force: opts.build });
  const owner = privateKeyToAccount(generatePrivateKey());
  // The sites' owner-link proof, on the bare port; the hub reaches it through the pinned names.
  await serveInProcess((req, res) => {
    if (req.url === "/.well-known/svc-owner.txt") res.writeHead(200, { "content-type": "text/plain" }).end(owner.address);
    else res.writeHead(404).end();
  }, opts.barePort);
  const hub = await startHub({
    db: opts.db,
    appPort: opts.appPort,
    chainPort: opts.chainPort,
    env: { SITE_FETCH_ALLOW_HOSTS: domains.map((d) => `${d}=127.0.0.1:${opts.barePort}`).join(",") },
  });
  const hubHost = `127.0.0.1:${opts.appPort}`;
  const call = async (path, what, { cookie, json, ok = [200, 201] } = {}) => {
    const res = await request(opts.appPort, hubHost, path, { method: json ? "POST" : "GET", headers: cookie ? { cookie } : {}, body: json && JSON.stringify(json) });
    if (!ok.includes(res.status)) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 400)}`);
    return res.json;
  };

  console.log(`› ${siteCount} site${siteCount === 1 ? "" : "s"} (${calls} facilitator calls prepared, at most ${CALLS_PER_KEY} per key): register, facilitator key, owner-link verification…`);
  const cookie = await signIn(opts.appPort, hubHost, owner);
  const sites = [];
  for (const domain of domains) {
    const { site } = await call("/hub/sites/register", `register ${domain}`, { cookie, json: { domain, name: `Bench ${domain}` } });
    const { key } = await call(`/hub/sites/${site.id}/facilitator-keys`, `facilitator key for ${domain}`, { cookie, json: { label: "bench" } });
    const verified = await call(`/hub/sites/${site.id}/verify`, `verify ${domain}`, { cookie, json: { method: "owner-link" } });
    if (!verified.verified) throw new Error(`${domain} did not verify: ${JSON.stringify(verified.attempts ?? verified)}`);
    sites.push({ id: site.id, domain, authorization: `Bearer ${key}` });
  }

  // The creator's paymentRequirements for the Gateway form, as examples/express-site builds them from /supported.
  const supported = await call("/facilitator/supported", "GET /facilitator/supported");
  const kind = supported.kinds.find((k) => k.extra?.name === "GatewayWalletBatched");
  if (!kind) throw new Error(`/facilitator/supported offers no GatewayWalletBatched kind: ${JSON.stringify(supported)}`);
  const requirement = {
    scheme: "exact",
    network: kind.network,
    asset: kind.extra.asset,
    amount: PRICE,
    payTo: owner.address,
    maxTimeoutSeconds: 7 * 24 * 3600 + 100,
    extra: { name: kind.extra.name, version: kind.extra.version, verifyingContract: kind.extra.verifyingContract },
  };
  let nextSite = 0;
  /** One facilitator request: its body for `payload` (paying for the next site's paid page) and that site's key. */
  const facilitatorCall = (payload) => {
    const site = sites[nextSite++ % sites.length];
    const resource = { url: `http://${site.domain}/articles/paid`, description: "The paid article", mimeType: "text/html" };
    return { authorization: site.authorization, body: JSON.stringify({ x402Version: 2, paymentPayload: { x402Version: 2, accepted: requirement, resource, payload }, paymentRequirements: requirement }) };
  };

  // Payers per step (one per connection), funded for every settle of that step, and a few signed
  // authorizations more per step that /verify checks over and over (never settled, so always valid).
  const prepared = new Map();
  for (const c of steps) {
    const settles = targets.has("settle") ? opts.rounds * (payments + warmCount(c)) : 0;
    const deposit = 2n * BigInt(Math.ceil(settles / c) + 2) * BigInt(PRICE);
    console.log(`› ${c} connections: funding ${c} payers, signing ${settles + c} Gateway authorizations…`);
    const signers = await gatewayPayers({ hub, count: c, deposit });
    const sign = (total) => signGatewayAuthorizations({ signers, total, to: owner.address, amount: PRICE, network: requirement.network, verifyingContract: requirement.extra.verifyingContract });
    prepared.set(c, { settle: await sign(settles), verify: await sign(c) });
  }

  /**
   * autocannon options for `count` calls of `path`: each request its own body and key, each answer's
   * body read into `tally` (ok: success or isValid; refused: the reasons; payment ids of the settles).
   */
  const calling = (path, payloadsFor, count, tally) => {
    const batch = payloadsFor(count).map(facilitatorCall);
    let next = 0;
    const setupRequest = (req) => {
      const { authorization, body } = batch[next++ % batch.length];
      return { ...req, headers: { ...req.headers, authorization }, body };
    };
    const onResponse = (status, text) => {
      let answer;
      try {
        answer = JSON.parse(text);
      } catch {
        answer = {};
      }
      if (status === 200 && (answer.success === true || answer.isValid === true)) {
        tally.ok++;
        if (answer.extra?.paymentId) tally.paymentIds.push(answer.extra.paymentId);
      } else {
        const reason = `${status} ${answer.errorReason ?? answer.invalidReason ?? answer.code ?? ""}`.trim();
        tally.refused[reason] = (tally.refused[reason] ?? 0) + 1;
      }
    };
    return { maxOverallRequests: batch.length, requests: [{ ...JSON_POST, path, setupRequest, onResponse }] };
  };
  const newTally = () => ({ ok: 0, refused: {}, paymentIds: [] });
  const refusals = {};
  const noteRefusals = (name, tally) => {
    for (const [reason, n] of Object.entries(tally.refused)) refusals[`${name}: ${reason}`] = (refusals[`${name}: ${reason}`] ?? 0) + n;
  };

  /** Each payment id answered is one Payment row and one ledger row (its other books: checkGatewayBooks). */
  const checkPaymentRows = async (ids) => {
    const payments = new Set((await sqlRows(hub.databaseUrl, `SELECT "id" FROM "Payment" WHERE "rail" = 'gateway'`)).map((r) => r.id));
    const ledger = new Map((await sqlRows(hub.databaseUrl, `SELECT "paymentId", COUNT(*) AS n FROM "LedgerActivity" WHERE "type" = 'payment' GROUP BY "paymentId"`)).map((r) => [r.paymentId, Number(r.n)]));
    const unique = new Set(ids);
    if (unique.size !== ids.length) throw new Error(`${ids.length - unique.size} payment ids answered twice`);
    const missing = ids.filter((id) => !payments.has(id) || ledger.get(id) !== 1);
    if (missing.length) throw new Error(`${missing.length} answered payments without exactly one Payment and one ledger row, e.g. ${missing.slice(0, 3).join(", ")}`);
  };

  const timing = { duration: opts.duration, warmup: opts.warmup };
  const header = `POST /facilitator/settle and /verify (Gateway rail) — ${opts.db}, ${steps.join(" and ")} connections, ${opts.rounds} × ${opts.duration} s per target (after ${opts.warmup} s warm-up each), ${siteCount} site${siteCount === 1 ? "" : "s"}`;
  console.log(`› ${header}; ${machineLine()}`);
  const runs = new Map(steps.map((c) => [c, { floor: [], verify: [], settle: [] }]));
  const loads = [];
  let settledAnswers = 0;
  for (let round = 1; round <= opts.rounds; round++) {
    for (const c of steps) {
      const r = runs.get(c);
      const line = [];
      if (targets.has("floor")) {
        r.floor.push(await load({ url: `${hub.url}/hub/widget.js`, pid: hub.serverPid, connections: c, ...timing }));
        line.push(`floor ${fmt.int(r.floor.at(-1).reqPerSec)}`);
      }
      if (targets.has("verify")) {
        const tally = newTally();
        const payloads = (count) => Array.from({ length: count }, (_, i) => prepared.get(c).verify[i % c]);
        const v = await load({ url: hub.url, expect: "200", pid: hub.serverPid, connections: c, ...timing, warm: calling("/facilitator/verify", payloads, warmCount(c), tally), run: calling("/facilitator/verify", payloads, payments, tally) });
        noteRefusals("verify", tally);
        r.verify.push({ ...v, non2xx: v.non2xx + Object.values(tally.refused).reduce((a, n) => a + n, 0) });
        line.push(`verify ${fmt.int(v.reqPerSec)}`);
      }
      if (targets.has("settle")) {
        const tally = newTally();
        const payloads = (count) => prepared.get(c).settle.splice(0, count);
        const before = await gatewayBooks(hub.databaseUrl);
        // The settles the warm-up left in flight are finished before the clock starts (at 100 connections
        // on a slow hub they would otherwise hold the first seconds of the recorded run), and after it.
        const drained = () => settledGatewayBooks(hub.databaseUrl, { quietMs: 1000, timeoutMs: 120_000 });
        const s = await load({ url: hub.url, expect: "200", pid: hub.serverPid, connections: c, ...timing, warm: calling("/facilitator/settle", payloads, warmCount(c), tally), run: calling("/facilitator/settle", payloads, payments, tally), afterWarmup: drained });
        const after = await drained();
        noteRefusals("settle", tally);
        const refused = Object.values(tally.refused).reduce((a, n) => a + n, 0);
        r.settle.push({ ...s, non2xx: s.non2xx + refused });
        // Every successful settle, warm-up included, wrote its payment and ledger row; requests in flight
        // when a run's clock stopped (at most one per connection, warm-up and recorded run) and requests
        // that timed out (the hub still works on them) may add some.
        checkGatewayBooks({ before, after, answered: tally.ok, inFlight: 2 * c + s.errors + s.warmErrors, amount: PRICE });
        await checkPaymentRows(tally.paymentIds);
        settledAnswers += tally.paymentIds.length;
        if (s.requests >= payments) console.log(`  (round ${round}, ${c} connections: all ${payments} pre-signed payments used before ${opts.duration} s; raise --payments)`);
        line.push(`settle ${fmt.int(s.reqPerSec)} (p99 ${fmt.ms(s.p99)}, ${s.timeouts} timeouts)`);
      }
      loads.push(machineLine().replace(/^.*load average /, ""));
      console.log(`  round ${round}/${opts.rounds}, ${c} connections: req/s ${line.join(", ")}; load average ${loads.at(-1)}`);
    }
  }

  const columns = [
    ...loadColumns().map((c) => (c.title === "non-2xx" ? { ...c, title: "unexpected" } : c)),
    { title: "timeouts", value: (r) => fmt.int(r.timeouts) },
    { title: "÷ floor", value: (r) => (r.floor ? fmt.ratio(r.reqPerSec / r.floor.reqPerSec) : "–") },
  ];
  const rows = [];
  for (const c of steps) {
    const r = runs.get(c);
    const floor = r.floor.length ? { name: `floor — GET /hub/widget.js, ${c} conn.`, ...combineRounds(r.floor) } : undefined;
    if (floor) rows.push(floor);
    if (r.verify.length) rows.push({ name: `POST /facilitator/verify, ${c} conn.`, ...combineRounds(r.verify), floor });
    if (r.settle.length) rows.push({ name: `POST /facilitator/settle (Gateway), ${c} conn.`, ...combineRounds(r.settle), floor });
  }
  console.log(`\n${header}\n${machineLine()}; load average after each step: ${loads.join(" | ")}; medians over the rounds\n`);
  printTable(rows, columns);
  console.log("");
  for (const row of rows.filter((x) => x.floor && x.name.includes("settle"))) {
    const c = Number(/(\d+) conn/.exec(row.name)[1]);
    const ratio = row.reqPerSec / row.floor.reqPerSec;
    const verdict = c <= 10 ? (ratio >= 0.5 && row.p99 <= 50 ? "met" : "not met") : row.errors === 0 && row.timeouts === 0 ? "met" : "not met";
    console.log(`settle ÷ floor at ${c} connections: req/s ${fmt.ratio(ratio)}, p99 ${fmt.ms(row.p99)}, errors ${row.errors}, timeouts ${row.timeouts} — issue 38 target 2 (${c <= 10 ? ">= 0.5x, p99 <= 50 ms" : "no errors, no timeouts"}): ${verdict}`);
  }
  if (targets.has("settle")) {
    console.log(`settles answered success in all runs (warm-up included): ${settledAnswers}, each with exactly one Payment and one ledger row; amounts, ledger totals and content counters moved alike`);
    console.log(`the settles' keys, sites and pages (warm-up included): ${describeKeptReads(await hub.metrics(), "facilitator")} (each site's page: one read a minute, then kept copies)`);
  }
  if (Object.keys(refusals).length) console.log(`refused or unexpected answers: ${JSON.stringify(refusals)}`);
  const failures = rows.filter((r) => r.errors || r.non2xx);
  if (failures.length) {
    console.error(`\n!! ${failures.map((r) => r.name).join(", ")}: errors or unexpected answers; the figures above are not clean`);
    process.exitCode = 1;
  }
});
