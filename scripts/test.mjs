// `npm test`: every test, the way CI runs it. Static checks, unit and contract tests, then for each
// database (SQLite, and PostgreSQL where installed) a fresh chain + hub with the API and browser tests.
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { ensurePostgres, TEST_PG_URL } from "./lib/postgres.mjs";
import { startBalancer } from "./lib/balancer.mjs";
import { resetDatabase } from "./lib/migrate.mjs";
import { bin, nodeBin, run } from "./lib/proc.mjs";
import { startRpcProxy } from "./lib/rpc-proxy.mjs";
import { checkLogForSecrets } from "./lib/check-log-secrets.mjs";
import { fundWallets } from "./lib/deploy.mjs";
import { devAccount } from "./lib/dev-accounts.mjs";
import { exampleSiteHubEnv, exampleSitePort } from "./lib/example-site.mjs";
import { contractEnv, migrateAndSeed, stackEnv, startChain, startServer } from "./lib/stack.mjs";

const root = new URL("..", import.meta.url).pathname;
const only = process.argv.slice(2); // e.g. `npm test -- unit integration` runs just those stages
const want = (stage) => only.length === 0 || only.includes(stage);
const APP_PORT = Number(process.env.TEST_APP_PORT ?? 3999);
const CHAIN_PORT = Number(process.env.TEST_CHAIN_PORT ?? 8546);
const results = []; // { stage, passed, failed, skipped }
const hubErrorLines = []; // a failed stack's last warnings and errors of its hub's log, repeated in the summary
const tmp = mkdtempSync(path.join(os.tmpdir(), "hub-test-"));
const failedStages = []; // "name: why", repeated in the summary (the run's log may be read only from its end)

async function stage(name, fn) {
  const t0 = Date.now();
  console.log(`\n━━ ${name}`);
  try {
    await fn();
    console.log(`━━ ${name}: ok (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (err) {
    failedStages.push(`${name}: ${err.message}`);
    console.error(`━━ ${name}: FAILED (${err.message})`);
  }
}

async function vitest(project, env, label = project, prefix) {
  const out = path.join(tmp, `vitest-${label}.json`);
  try {
    // TEST_FILES narrows a run to some test files while working on them (e.g. TEST_FILES=e2e/api/ratings.test.ts).
    // Each project takes only the files that are its own (an API file given to the unit stage would find nothing).
    const SCALE = /^e2e\/api\/scale[^/]*\.test\.ts$/;
    const mine = { unit: (f) => f.startsWith("lib/"), contracts: (f) => f.startsWith("contracts/"), integration: (f) => f.startsWith("e2e/api/") && !SCALE.test(f), scale: (f) => SCALE.test(f), start: (f) => f.startsWith("e2e/start/") }[project] ?? (() => true);
    const files = (process.env.TEST_FILES ? process.env.TEST_FILES.split(/[ ,]+/) : []).filter(mine);
    if (process.env.TEST_FILES && files.length === 0) {
      console.log(`(TEST_FILES names no ${project} test: skipped)`);
      return;
    }
    await run(bin("vitest"), ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile=${out}`, ...files], { cwd: root, env, prefix });
  } finally {
    if (existsSync(out)) {
      const r = JSON.parse(readFileSync(out, "utf8"));
      const failures = r.testResults.flatMap((f) => [
        ...f.assertionResults.filter((t) => t.status === "failed").map((t) => `${path.relative(root, f.name)} › ${t.fullName}${gist(t.failureMessages?.[0])}`),
        // A file can fail with every test passed or skipped: a hook (beforeAll, afterAll) or the file's own load threw.
        ...(f.status === "failed" && f.message ? [`${path.relative(root, f.name)} (the file itself)${gist(f.message)}`] : []),
      ]);
      results.push({ stage: label, passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0), failures });
    }
  }
}

/** The first lines of a failure's message, indented under its name in the summary (the run's log may be read only from its end). */
function gist(message) {
  if (!message) return "";
  const lines = message.replace(/\x1b\[[0-9;]*m/g, "").split("\n").filter((l) => l.trim() && !/^\s+at /.test(l)).slice(0, 3);
  return lines.map((l) => `\n        ${l.trim().slice(0, 300)}`).join("");
}

/** A failed stack's last warning and error lines of the hub's log (JSON lines with a level label), for the summary. */
function hubErrors(logFile, max = 12) {
  const errors = readFileSync(logFile, "utf8").split("\n").filter((l) => /"level":"(warn|error|fatal)"/.test(l));
  return errors.slice(-max).map((l) => l.slice(0, 400));
}

async function playwright(env, label, prefix) {
  const out = path.join(tmp, `playwright-${label}.json`);
  try {
    // PW_FILES narrows the browser stage to some spec files (e.g. PW_FILES=e2e/browser/explore.spec.ts).
    const files = process.env.PW_FILES ? process.env.PW_FILES.split(/[ ,]+/) : [];
    // Each stack keeps its own artifacts (Playwright empties its output folder when it starts).
    await run(bin("playwright"), ["test", "--reporter=list,json", ...files], { cwd: root, prefix, env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out, PW_OUTPUT_DIR: path.join(root, "test-results", label) } });
  } finally {
    if (existsSync(out)) {
      const report = JSON.parse(readFileSync(out, "utf8"));
      const s = report.stats;
      const named = (status) => playwrightSpecs(report.suites).filter((t) => t.status === status).map((t) => t.title);
      results.push({ stage: label, passed: s.expected + (s.flaky ?? 0), failed: s.unexpected, skipped: s.skipped, failures: named("unexpected"), flaky: named("flaky") });
    }
  }
}

/** Every test of a Playwright JSON report, with its file, title and outcome (expected, unexpected, flaky, skipped). */
function playwrightSpecs(suites = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) => spec.tests.map((t) => ({ title: `${spec.file}:${spec.line} › ${spec.title}`, status: t.status }))),
    ...playwrightSpecs(suite.suites),
  ]);
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(chromium)) return chromium;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("› installing Debian's Chromium for the browser tests…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    return chromium;
  }
  throw new Error(`Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
}

// The decision helpers talk to a provider double (e2e/support/fake-provider.ts) that the API tests
// start themselves on their hub's port + 50; nothing listens there outside those tests.
const judgeEnv = (appPort) => ({
  JUDGE_BASE_URL: `http://127.0.0.1:${appPort + 50}/v1`,
  JUDGE_API_KEY: "sk-test-judge-key-never-echoed",
  JUDGE_MODEL: "fake-decider",
  JUDGE_TIMEOUT_MS: "1500",
});

/**
 * One full stack on one database: fresh chain, migrated + seeded database, running hub, on its own
 * ports (`appPort` and the ports the tests derive from it, +10 to +51; `chainPort`).
 */
async function withStack(label, databaseUrl, { appPort, chainPort }, fn) {
  const dataDir = path.join(tmp, label);
  await resetDatabase({ databaseUrl });
  const { anvil, deployment } = await startChain({ dataDir, chainPort });
  // The hub reaches the chain through a proxy the API tests can switch off (chain-down cases).
  const proxy = await startRpcProxy({ target: anvil.rpcUrl });
  const origin = `http://127.0.0.1:${appPort}`;
  // HUB_TEST_CLOCK: quickshare reads honour x-hub-test-now, so expiry and proof-window tests control the clock.
  // The hub's log (JSON lines) is captured into HUB_LOG_FILE: tests read it, and after the run no configured secret may appear in it.
  const logFile = path.join(dataDir, "hub.log");
  const extra = { ...contractEnv(deployment), ...judgeEnv(appPort), ...opsEnv, HUB_URL: origin, CHAIN_PROXY_URL: proxy.url, SETTLE_INTERVAL_MS: "300", HUB_TEST_CLOCK: "1", HUB_LOG_FILE: logFile,
    // The API tests speak for many clients through one socket: loopback is their "proxy". HUB_TEST_FAULTS: x-hub-test-fault (issue 14).
    TRUSTED_PROXIES: "127.0.0.1", HUB_TEST_FAULTS: "1",
    // Every answer of an operation with a declared response schema is checked against it (drift answers 500).
    HUB_CHECK_ANSWERS: "1",
    // The Gateway deposit index follows the chain every 200 ms and is trusted for 2 s after its last pass (tests wait that out).
    GATEWAY_INDEX_INTERVAL_MS: "200", GATEWAY_INDEX_MAX_LAG_MS: "2000",
    // Tests write rows straight into the database and read them back through the API at once: no kept
    // read answers here (e2e/api/read-cache.test.ts starts a hub of its own with the cache on).
    READ_CACHE_MS: "0",
    // One worker process (deterministic logs, test faults and clocks per process); e2e/api/workers.test.ts
    // starts a hub of two workers. TEST_HUB_WORKERS runs the whole suite against more.
    HUB_WORKERS: process.env.TEST_HUB_WORKERS ?? "1",
    // The example creator site (scripts/lib/example-site.mjs) runs on appPort + 20 as shop.localhost: the hub may reach it there.
    // Signed webhooks: the worker runs every 200 ms, an attempt may take 1 s, retries start after 300 ms;
    // the API and browser tests start their receiver on appPort + 51 as hooks.localhost (e2e/support/webhook-receiver.ts).
    WEBHOOK_INTERVAL_MS: "200", WEBHOOK_TIMEOUT_MS: "1000", WEBHOOK_RETRY_BASE_MS: "300",
    ...exampleSiteHubEnv({ port: appPort + 51, host: "hooks.localhost", current: exampleSiteHubEnv({ port: exampleSitePort(appPort) }).SITE_FETCH_ALLOW_HOSTS }) };
  const env = stackEnv({ dataDir, databaseUrl, chainPort, appPort, origin, extra });
  let server;
  const failedBefore = failedStages.length;
  try {
    await migrateAndSeed(env);
    await fundTestBank(env);
    server = await startServer({ ...env, RPC_URL: proxy.url, PUBLIC_RPC_URL: anvil.rpcUrl }, { logFile });
    await fn(env);
    await stage(`no secrets in the hub's log (${label})`, () => checkLogForSecrets({ logFile, env }));
  } finally {
    await server?.stop();
    // The temporary directory goes at the end: keep the hub's log of a failed run where it can be read.
    if (failedStages.length > failedBefore && existsSync(logFile)) {
      mkdirSync(path.join(root, "test-results"), { recursive: true });
      copyFileSync(logFile, path.join(root, "test-results", `hub-${label}.log`));
      console.error(`  the hub's log of this run: test-results/hub-${label}.log`);
      hubErrorLines.push({ label, lines: hubErrors(logFile) });
    }
    await proxy.stop();
    await anvil.stop();
  }
}

/**
 * The API and browser tests fund every fresh payer from one bank, anvil's dev account #6
 * (e2e/support/x402.ts): the seed gives it a demo payer's 100 USDC, which a whole run spends many
 * times over. Mint it enough for the run (test chains only).
 */
async function fundTestBank(env) {
  const rpcUrl = env.PUBLIC_RPC_URL ?? env.RPC_URL;
  await fundWallets({ rpcUrl, wallets: [{ address: devAccount(6).address, usdc: 100_000_000_000n }], dataDir: env.DATA_DIR });
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether Redis answers at REDIS_URL (the scale-out stage needs it for the shared limits). */
function redisReachable() {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(false));
  });
}

/**
 * The scale-out stack: fresh chain and database, two hub instances on that one database and one Redis
 * (configured as README "Running several instances" says: the same secrets, origin, database, Redis
 * and relayer), behind a round-robin balancer on APP_PORT that the tests use as HUB_URL. The tests get
 * the instances' URLs and process ids in SCALE_INSTANCES (to see who answered and to kill the leader).
 */
async function withPair(label, databaseUrl, fn) {
  const dataDir = path.join(tmp, label);
  await resetDatabase({ databaseUrl });
  const { anvil, deployment } = await startChain({ dataDir, chainPort: CHAIN_PORT });
  const origin = `http://127.0.0.1:${APP_PORT}`;
  const secret = () => randomBytes(32).toString("hex");
  const shared = {
    SESSION_PASSWORD: secret(), UNLOCK_PROOF_SECRET: secret(), BLOB_KEY: secret(), PEER_SECRET: secret(),
    REDIS_URL, TRUSTED_PROXIES: "127.0.0.1", SETTLE_INTERVAL_MS: "300", EVENT_RATE_LIMIT_PER_MINUTE: "10",
    READ_CACHE_MS: "0", // one instance reads what the other just wrote
    HUB_WORKERS: process.env.TEST_HUB_WORKERS ?? "1", // the tests kill an instance by its process id
  };
  const env = stackEnv({ dataDir, databaseUrl, chainPort: CHAIN_PORT, appPort: APP_PORT, origin, extra: { ...contractEnv(deployment), HUB_URL: origin, ...shared } });
  const instances = [];
  let balancer;
  try {
    await migrateAndSeed(env);
    await fundTestBank(env);
    await Promise.all([1, 2].map(async (n) => instances.push(await startServer({ ...env, PORT: String(APP_PORT + n) }, { quiet: true }))));
    balancer = await startBalancer({ upstreams: instances.map((i) => i.url), port: APP_PORT });
    await fn({ ...env, SCALE_INSTANCES: JSON.stringify(instances.map((i) => ({ url: i.url, pid: i.child.pid }))) });
  } finally {
    await balancer?.stop();
    // The tests kill one instance (SIGKILL): stop only those still running.
    await Promise.all(instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null).map((i) => i.stop()));
    await anvil.stop();
  }
}
// Operations: a metrics token and one operator wallet (anvil's dev account #1, the tests' "alice").
const opsEnv = { METRICS_TOKEN: "metrics-token-for-tests-never-logged-0001", OPERATOR_WALLETS: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" };

const baseEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

await stage("database clients", () => run(nodeBin, [path.join(root, "scripts/db-generate.mjs")], { cwd: root }));
if (want("static")) {
  await stage("lint", () => run(bin("eslint"), ["."], { cwd: root }));
  await stage("typecheck", () => run(bin("tsc"), ["--noEmit"], { cwd: root }));
}
if (want("unit")) await stage("unit tests", () => vitest("unit", baseEnv));
if (want("contracts")) await stage("contract tests", () => vitest("contracts", baseEnv));

if (want("integration") || want("browser") || want("scale") || want("start")) {
  let chromium;
  if (want("browser")) await stage("chromium", async () => { chromium = ensureChromium(); });
  // TEST_SKIP_BUILD=1 reuses the existing .next build (when only tests changed since it was built).
  if (process.env.TEST_SKIP_BUILD !== "1") await stage("build", () => run(bin("next"), ["build"], { cwd: root, env: { ...baseEnv, NODE_ENV: "production", DATA_DIR: path.join(tmp, "build") } }));

  const databases = [["sqlite", `file:${path.join(tmp, "sqlite", "hub.db")}`]];
  // TEST_DBS=sqlite narrows a run to one database while iterating (the full run tests both).
  const pgState = process.env.TEST_DBS === "sqlite" ? "skipped" : await ensurePostgres().catch((err) => { failedStages.push(`PostgreSQL: installed but not reachable: ${err.message}`); console.error(`PostgreSQL is installed but not reachable: ${err.message}`); return "failed"; });
  if (pgState === "ready") databases.push(["postgres", `${TEST_PG_URL}?schema=${process.env.TEST_PG_SCHEMA ?? "hub_test"}`]);
  else if (pgState === "not-installed") console.log("\n!! PostgreSQL is not installed on this machine: the database tests run on SQLite only.");

  // One stack per database, both at once (each on its own ports, chain, database and data folder):
  // a stack's tests run one file at a time and leave most of a core idle, so the two together take
  // little longer than one. Each line of a stack's output starts with its database's name.
  // TEST_STACKS=serial runs them one after the other (a smaller machine, or a clearer log).
  const serial = process.env.TEST_STACKS === "serial" || databases.length < 2;
  const runStack = ([db, url], i) =>
    stage(`hub on ${db}`, () =>
      withStack(db, url, { appPort: APP_PORT + 100 * i, chainPort: CHAIN_PORT + 10 * i }, async (env) => {
        const prefix = serial ? undefined : `[${db}] `;
        if (want("integration")) await stage(`API tests (${db})`, () => vitest("integration", env, `integration-${db}`, prefix));
        if (want("browser") && chromium) await stage(`browser tests (${db})`, () => playwright({ ...env, CHROMIUM_PATH: chromium }, `browser-${db}`, prefix));
      }),
    );
  if (want("integration") || want("browser")) {
    if (serial) for (const [i, entry] of databases.entries()) await runStack(entry, i);
    else await Promise.all(databases.map(runStack));
  }

  // Scale-out: two instances behind a balancer, on PostgreSQL where installed (else SQLite), with Redis.
  if (want("scale")) {
    const [db, url] = databases.at(-1);
    if (!(await redisReachable())) console.log(`\n!! Redis is not reachable at ${REDIS_URL}: the scale-out stage (two instances sharing Redis) did not run.`);
    else await stage(`two instances behind a balancer (${db})`, () => withPair(`scale-${db}`, url.replace(/schema=([^&]+)/, "schema=$1_scale"), (env) => vitest("scale", env, `scale-${db}`)));
  }

  // The start command itself (npm start): configuration refused, ports in use, Ctrl-C at each slow
  // stage, a terminal start. Its own ports (4350–4399, chain 8635–8639) and data; reuses the build above.
  if (want("start")) await stage("start command", () => vitest("start", baseEnv));
}

rmSync(tmp, { recursive: true, force: true });
console.log("\n━━ summary");
for (const r of results) {
  console.log(`  ${r.stage.padEnd(22)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.flaky?.length ? ` (${r.flaky.length} passed on a retry)` : ""}`);
  // Named here, at the end of the log, so a failure is found without scrolling back through the stage's output.
  for (const t of r.failures ?? []) console.log(`    ✘ ${t}`);
  for (const t of r.flaky ?? []) console.log(`    ↻ passed on its retry: ${t}`);
}
for (const { label, lines } of hubErrorLines) {
  console.log(`  the hub's last warnings and errors (${label}, whole log in test-results/hub-${label}.log):${lines.length ? "" : " none"}`);
  for (const l of lines) console.log(`    ${l}`);
}
for (const f of failedStages) console.log(`  ✘ stage ${f}`);
const sum = (k) => results.reduce((a, r) => a + r[k], 0);
console.log(`total: ${sum("passed")} passed, ${sum("failed")} failed, ${sum("skipped")} skipped`);
if (failedStages.length > 0 || sum("failed") > 0) {
  console.error(`${failedStages.length} stage(s) failed`);
  process.exit(1);
}
