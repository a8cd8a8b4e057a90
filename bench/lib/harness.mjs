// Reusable pieces for the benchmarks in bench/: a throwaway hub on loopback (fresh chain, database,
// `next start`), a bare Node server to compare against, an autocannon load with RSS sampling, and a
// table printer. Every process started here is registered for cleanup, which also runs on Ctrl-C.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { dropDatabase, resetDatabase } from "../../scripts/lib/migrate.mjs";
import { ensurePostgres, TEST_PG_URL } from "../../scripts/lib/postgres.mjs";
import { bin, nodeBin, run, waitFor } from "../../scripts/lib/proc.mjs";
import { contractEnv, migrateAndSeed, stackEnv, startChain, startServer } from "../../scripts/lib/stack.mjs";

export const root = new URL("../..", import.meta.url).pathname;

// Hard ceilings so a typo cannot turn a benchmark into a load test of the machine.
const MAX_DURATION_S = 120;
const MAX_CONNECTIONS = 256;
const MAX_REQUESTS = 2_000_000;
const MAX_ROUNDS = 10;

/**
 * Options shared by every benchmark, from argv (flags) with BENCH_* environment defaults.
 * `extra` adds benchmark-specific node:util parseArgs options.
 */
export function benchOptions(argv = process.argv.slice(2), extra = {}) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      duration: { type: "string", default: process.env.BENCH_DURATION ?? "10" },
      warmup: { type: "string", default: process.env.BENCH_WARMUP ?? "3" },
      rounds: { type: "string", default: process.env.BENCH_ROUNDS ?? "3" },
      connections: { type: "string", default: process.env.BENCH_CONNECTIONS ?? "10" },
      "max-requests": { type: "string", default: process.env.BENCH_MAX_REQUESTS ?? "500000" },
      db: { type: "string", default: process.env.BENCH_DB ?? "sqlite" },
      build: { type: "boolean", default: false },
      "app-port": { type: "string", default: process.env.BENCH_APP_PORT ?? "3700" },
      "chain-port": { type: "string", default: process.env.BENCH_CHAIN_PORT ?? "8700" },
      "bare-port": { type: "string", default: process.env.BENCH_BARE_PORT ?? "3701" },
      "cpu-prof": { type: "string", default: process.env.BENCH_CPU_PROF ?? "" },
      // --node-args=--max-semi-space-size=64 (the = form: the value starts with a dash): V8 or Node flags for the hub's server process (space-separated).
      "node-args": { type: "string", default: process.env.BENCH_NODE_ARGS ?? "" },
      only: { type: "string", default: process.env.BENCH_ONLY ?? "" },
      workers: { type: "string", default: process.env.BENCH_WORKERS ?? "1" },
      ...extra,
    },
  });
  const int = (name, min, max) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer from ${min} to ${max} (got ${values[name]})`);
    return n;
  };
  if (!["sqlite", "postgres"].includes(values.db)) throw new Error(`--db must be sqlite or postgres (got ${values.db})`);
  cpuProfDir = values["cpu-prof"] ? path.resolve(values["cpu-prof"]) : null;
  hubNodeArgs = values["node-args"].split(/\s+/).filter(Boolean);
  hubWorkers = int("workers", 1, os.availableParallelism() * 4);
  return {
    workers: hubWorkers,
    ...values,
    duration: int("duration", 1, MAX_DURATION_S),
    warmup: int("warmup", 0, MAX_DURATION_S),
    rounds: int("rounds", 1, MAX_ROUNDS),
    connections: int("connections", 1, MAX_CONNECTIONS),
    maxRequests: int("max-requests", 1, MAX_REQUESTS),
    appPort: int("app-port", 1024, 65535),
    chainPort: int("chain-port", 1024, 65535),
    barePort: int("bare-port", 1024, 65535),
  };
}

/** --only a,b: the targets whose name contains one of the comma-separated words (all when none are given). */
export function selectTargets(all, only) {
  const words = only ? only.split(",").map((w) => w.trim()).filter(Boolean) : [];
  const picked = words.length ? all.filter((t) => words.some((w) => t.name.includes(w))) : all;
  if (picked.length === 0) throw new Error(`--only ${only} names no target (targets: ${all.map((t) => t.name).join("; ")})`);
  return picked;
}

// ── cleanup ───────────────────────────────────────────────────────────────────────────────────────

const cleanups = []; // LIFO: { name, fn: async () => void, pids: () => number[] }
let cleaning;

/** Registers something to undo when the benchmark ends, fails or is interrupted; returns an unregister function. */
export function onCleanup(name, fn, pids = () => []) {
  const entry = { name, fn, pids };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Runs every registered cleanup (newest first), each bounded in time. Safe to call twice. */
export function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const { name, fn } = cleanups.pop();
      try {
        await Promise.race([fn(), new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), 15_000).unref())]);
      } catch (err) {
        console.error(`cleanup of ${name} failed: ${err.message}`);
      }
    }
  })();
  return cleaning;
}

let installed = false;
/**
 * Ctrl-C, SIGTERM and uncaught errors run the cleanups before exiting; a last synchronous pass on
 * `exit` SIGKILLs any registered PID still alive.
 */
export function installCleanup() {
  if (installed) return;
  installed = true;
  const bail = (code) => async (reason) => {
    if (reason instanceof Error) console.error(reason.stack ?? reason.message);
    else if (typeof reason === "string") console.error(`\n${reason}: stopping…`);
    await cleanup();
    process.exit(code);
  };
  process.on("SIGINT", () => bail(130)("interrupted"));
  process.on("SIGTERM", () => bail(143)("terminated"));
  process.on("uncaughtException", bail(1));
  process.on("unhandledRejection", bail(1));
  process.on("exit", () => {
    for (const { pids } of cleanups) {
      for (const pid of pids()) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
  });
}

/**
 * Runs main() with cleanup installed; cleans up and sets the exit code whatever happens. A failure
 * exits once cleaned up: a timer main() left running (a progress line) would otherwise keep the
 * process, and the bench lock it holds, alive.
 */
export async function runBenchmark(main) {
  installCleanup();
  let failed = false;
  try {
    await main();
  } catch (err) {
    console.error(err.stack ?? err.message);
    failed = true;
  } finally {
    await cleanup();
  }
  if (failed) process.exit(1);
}

// ── build ─────────────────────────────────────────────────────────────────────────────────────────

const SOURCE_DIRS = ["app", "components", "lib", "public", "prisma"];
const SOURCE_FILES = ["next.config.mjs", "instrumentation.ts", "package.json", "tsconfig.json"];
// Not inputs of the build, or regenerated from one that is scanned (prisma/): `npm test` rewrites
// lib/generated on every run, which must not force a rebuild here.
const NOT_SOURCES = /(^|\/)(generated|node_modules)$|\.test\.ts$/;

function newestMtime(p) {
  if (NOT_SOURCES.test(p)) return 0;
  let st;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

/** Runs `next build` when .next is missing or older than the sources, or when forced (--build). */
export async function ensureBuild({ force = false } = {}) {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCE_DIRS.map((d) => newestMtime(path.join(root, d))), ...SOURCE_FILES.map((f) => newestMtime(path.join(root, f))));
  if (!force && builtAt > sourcesAt) return false;
  console.log(`› next build (${force ? "--build" : builtAt ? "sources changed since the last build" : "no build yet"})…`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hub-bench-build-"));
  try {
    await run(bin("next"), ["build"], { cwd: root, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", DATA_DIR: dataDir } });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return true;
}

// ── the hub ───────────────────────────────────────────────────────────────────────────────────────

/** A database URL for the run: a fresh SQLite file in dataDir, or the local PostgreSQL with schema hub_bench. */
export async function benchDatabaseUrl(db, dataDir) {
  if (db === "sqlite") return `file:${path.join(dataDir, "hub.db")}`;
  const state = await ensurePostgres();
  if (state !== "ready") throw new Error("--db postgres: PostgreSQL is not installed on this machine");
  return `${TEST_PG_URL}?schema=${process.env.BENCH_PG_SCHEMA ?? "hub_bench"}`;
}

/** --cpu-prof DIR: the hub's server runs with Node's --cpu-prof; its profile is summarised when it stops. */
let cpuProfDir = null;
/** --node-args: flags for the hub's node process, after --cpu-prof's. */
let hubNodeArgs = [];
/** --workers N: the hub serves with N worker processes (HUB_WORKERS; 1 by default, so figures compare with earlier runs). */
let hubWorkers = 1;

/**
 * A throwaway hub on 127.0.0.1, set up the way scripts/test.mjs does it: fresh anvil with our
 * contracts, fresh database (temp SQLite file, or the hub_bench PostgreSQL schema), migrated and
 * seeded, then the hub's server (server.mjs) with --workers worker processes (HUB_WORKERS in `env` wins).
 * Stopping the server and the chain is registered for cleanup.
 */
export async function startHub({ db = "sqlite", appPort, chainPort, seed = true, env: extraEnv = {} }) {
  // A metrics token: /metrics says how many workers answer (hub_workers), the sign that all of them listen, and what the soak samples.
  extraEnv = { HUB_WORKERS: String(hubWorkers), METRICS_TOKEN: BENCH_METRICS_TOKEN, ...extraEnv };
  await assertPortFree(appPort);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hub-bench-"));
  onCleanup("data dir", async () => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = await benchDatabaseUrl(db, dataDir);
  await resetDatabase({ databaseUrl });
  if (db === "postgres") onCleanup("postgres schema", () => dropDatabase({ databaseUrl }));

  console.log(`› anvil on 127.0.0.1:${chainPort}, contracts, ${db} database…`);
  const { anvil, deployment } = await startChain({ dataDir, chainPort });
  onCleanup("anvil", () => anvil.stop(), () => (anvil.pid ? [anvil.pid] : []));
  const origin = `http://127.0.0.1:${appPort}`;
  const env = stackEnv({ dataDir, databaseUrl, chainPort, appPort, origin, extra: { ...contractEnv(deployment), ...extraEnv } });
  await migrateAndSeed(env, { seed });

  console.log(`› hub server on ${origin}…`);
  if (cpuProfDir) {
    mkdirSync(cpuProfDir, { recursive: true });
    onCleanup("cpu profile summary", async () => summariseProfiles(cpuProfDir));
  }
  const workers = Number(env.HUB_WORKERS);
  const launch = async () => {
    const server = await startServer(env, { quiet: true, nodeArgs: [...(cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : []), ...hubNodeArgs] });
    // /health answered once one worker listened: wait for the others (the primary's children).
    if (workers > 1) await waitFor(async () => (await scrapeMetrics(origin, env.METRICS_TOKEN)).get("hub_workers") === workers, { timeoutMs: 120_000, intervalMs: 250, what: `${workers} workers listening` });
    // Remember the tree now: once the launcher exits, its children are re-parented out of reach.
    const known = descendants(server.child.pid);
    const tree = () => [...new Set([server.child.pid, ...known, ...descendants(server.child.pid)])];
    const unregister = onCleanup("next", () => server.stop(), tree);
    return { server, tree, unregister, pid: findServerPid(server.child.pid) };
  };
  let current = await launch();
  const stopServer = async () => {
    const pids = current.tree();
    await current.server.stop();
    for (const pid of pids) await stopPid(pid);
    current.unregister();
  };
  return {
    url: origin,
    dataDir,
    databaseUrl,
    env,
    /** The PID of the process that actually serves requests (next-server; with workers, the largest), for RSS. */
    get serverPid() {
      return current.pid;
    },
    /** Every process of the server (with workers: the primary and each worker), for the RSS of the whole. */
    get serverPids() {
      return current.tree();
    },
    workers,
    anvil,
    /** The hub's /metrics now, as a map from `name{labels}` to value. */
    metrics: () => scrapeMetrics(origin, env.METRICS_TOKEN),
    /** Stops only the Next server (the chain and database stay until cleanup). */
    stopServer,
    /** Stops the Next server and starts a fresh one on the same chain and database (e.g. after a bulk fill). */
    restartServer: async () => {
      await stopServer();
      current = await launch();
    },
  };
}

const BENCH_METRICS_TOKEN = "bench-metrics-token-0123456789abcdef";

/** A /metrics scrape of the hub (with workers: what they add up to) as a map from `name{labels}` to value. */
async function scrapeMetrics(url, token) {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const out = new Map();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

/**
 * How the hub's database statements were planned since it started (its /metrics `hub_db_query_plans`),
 * as one line: raw statements compiled, planned and sent direct; model queries compiled and planned.
 */
export function describeQueryPlans(metrics) {
  const of = (kind, how) => metrics.get(`hub_db_query_plans{kind="${kind}",how="${how}"}`) ?? 0;
  return `raw statements ${of("raw", "compiled")} compiled, ${of("raw", "planned")} planned, ${of("raw", "direct")} direct; model queries ${of("model", "compiled")} compiled, ${of("model", "planned")} planned`;
}

/**
 * Where the Gateway sales' rows of one kind came from (its /metrics `hub_kept_sale_rows_total`, lib/kept-reads.ts):
 * kept copies their sales checked, reads, and kept copies a sale found changed.
 */
export function describeKeptReads(metrics, kind) {
  const of = (result) => metrics.get(`hub_kept_sale_rows_total{kind="${kind}",result="${result}"}`) ?? 0;
  return `${of("hit")} kept copies checked by their sale, ${of("miss") + of("renewed")} read first, ${of("changed")} found changed`;
}

/** Throws when something already listens on 127.0.0.1:port (a foreign server must never be measured). */
export async function assertPortFree(port) {
  const free = await new Promise((resolve) => {
    const probe = http.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
  if (!free) throw new Error(`port ${port} on 127.0.0.1 is already in use; pick another (see bench/README.md)`);
}

// ── a bare Next.js app ────────────────────────────────────────────────────────────────────────────

const BARE_NEXT = path.join(root, "bench", "servers", "bare-next");

/**
 * The framework's floor: bench/servers/bare-next (an empty route handler, GET /empty; an empty dynamic
 * page, /page; the hub's explore cards rendered from a file, /cards, named by `env.BARE_NEXT_CARDS`),
 * built when its build is missing or older than its sources (its own and the hub's components it
 * renders), served by `next start` on 127.0.0.1:port with the same Next and Node as the hub.
 * Registered for cleanup; `pid` is the process that serves.
 */
export async function startBareNext({ port, env = {} }) {
  await assertPortFree(port);
  const buildId = path.join(BARE_NEXT, ".next", "BUILD_ID");
  const sources = Math.max(newestMtime(path.join(BARE_NEXT, "app")), newestMtime(path.join(root, "components")));
  if (!existsSync(buildId) || statSync(buildId).mtimeMs < sources) {
    console.log("› next build bench/servers/bare-next (the framework's floors)…");
    await run(bin("next"), ["build", BARE_NEXT], { cwd: root, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" } });
  }
  const child = spawn(bin("next"), ["start", BARE_NEXT, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const known = [];
  const tree = () => [...new Set([child.pid, ...known, ...descendants(child.pid)])];
  const unregister = onCleanup(`bare next :${port}`, async () => {
    for (const pid of tree().reverse()) await stopPid(pid);
  }, tree);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/empty`)).ok, { timeoutMs: 60_000, intervalMs: 200, what: `bare Next on ${url}` });
  known.push(...descendants(child.pid));
  return {
    url,
    pid: findServerPid(child.pid),
    stop: async () => {
      for (const pid of tree().reverse()) await stopPid(pid);
      unregister();
    },
  };
}

// ── processes and memory ──────────────────────────────────────────────────────────────────────────

/** /proc/<pid>/<file> as text; undefined when the process is gone. */
export function readProc(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return undefined;
  }
}

/** Every live descendant PID of pid (Linux /proc), children before grandchildren. */
export function descendants(pid) {
  if (process.platform !== "linux") return [];
  const parents = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProc(name, "stat");
    if (!stat) continue;
    // the command name may hold spaces and parentheses: fields resume after the last ")"
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    parents.set(Number(name), ppid);
  }
  const out = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift();
    for (const [child, ppid] of parents) {
      if (ppid === p) {
        out.push(child);
        queue.push(child);
      }
    }
  }
  return out;
}

/**
 * The process that serves HTTP under a `next start` launcher: the descendant titled next-server
 * (Next sets that process title), else the descendant with the largest RSS, else the launcher.
 */
export function findServerPid(launcherPid) {
  const tree = [launcherPid, ...descendants(launcherPid)];
  const titled = tree.find((pid) => /next-server/.test(readProc(pid, "cmdline")?.replaceAll("\0", " ") ?? ""));
  if (titled) return titled;
  return tree.reduce((best, pid) => ((rssMb(pid) ?? 0) > (rssMb(best) ?? 0) ? pid : best), launcherPid);
}

/**
 * CPU ticks (user + system, of CLK_TCK a second) the processes used so far: each one's stat's 14th and
 * 15th fields, counted after the last ")" (the command name may hold spaces). A process gone counts 0.
 */
export function cpuTicks(pids) {
  return pids.reduce((n, pid) => {
    const text = readProc(pid, "stat");
    const f = text?.slice(text.lastIndexOf(")") + 2).split(" ");
    return n + (f ? Number(f[11]) + Number(f[12]) : 0);
  }, 0);
}

/** Linux's clock ticks a second for /proc's CPU times (USER_HZ: 100 on every architecture Node runs on). */
export const CLK_TCK = 100;

/** Resident set size of pid in MB (VmRSS from /proc/<pid>/status), or undefined where unreadable. */
export function rssMb(pid) {
  const m = readProc(pid, "status")?.match(/^VmRSS:\s+(\d+)\s+kB/m);
  return m ? Number(m[1]) / 1024 : undefined;
}

/** Samples RSS every intervalMs; stop() returns the peak seen. */
export function sampleRss(pid, intervalMs = 200) {
  let peak = rssMb(pid) ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid) ?? 0)), intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid) ?? 0);
    },
  };
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM, then SIGKILL if pid is still alive after graceMs. */
export async function stopPid(pid, graceMs = 5_000) {
  if (!alive(pid)) return;
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    return;
  }
  try {
    await waitFor(() => !alive(pid), { timeoutMs: graceMs, intervalMs: 50, what: `process ${pid} to exit` });
  } catch {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }
}

// ── bare servers ──────────────────────────────────────────────────────────────────────────────────

/**
 * Starts a bare Node `http` server in this process on 127.0.0.1:port. Registered for cleanup.
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => void} handler
 */
export async function serveInProcess(handler, port) {
  await assertPortFree(port);
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const close = () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections());
  const unregister = onCleanup(`bare server :${port}`, close);
  return { url: `http://127.0.0.1:${port}`, pid: process.pid, stop: async () => (await close(), unregister()) };
}

/**
 * Starts `script` (a Node module that serves HTTP on process.env.PORT, 127.0.0.1) as a child with the
 * tsx loader (so it can import the app's TypeScript, e.g. lib/db-core.ts), and waits until
 * `readyPath` answers 2xx. Registered for cleanup.
 */
export async function startChild({ script, port, env = {}, readyPath = "/", timeoutMs = 30_000 }) {
  await assertPortFree(port);
  const child = spawn(nodeBin, ["--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const unregister = onCleanup(`${path.basename(script)} :${port}`, () => stopPid(child.pid), () => [child.pid]);
  const exited = new Promise((_, reject) => child.once("exit", (code, signal) => reject(new Error(`${script} exited with ${code ?? signal}`))));
  exited.catch(() => {});
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([exited, waitFor(async () => (await fetch(url + readyPath)).ok, { timeoutMs, intervalMs: 100, what: `${script} on ${url}` })]);
  return { url, pid: child.pid, stop: async () => (await stopPid(child.pid), unregister()) };
}

// ── load ──────────────────────────────────────────────────────────────────────────────────────────

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    // A watchdog on top of autocannon's own duration: a wedged server cannot hold the run forever.
    const watchdog = setTimeout(() => instance.stop(), (opts.duration + 15) * 1000);
    watchdog.unref();
    instance.on("done", () => clearTimeout(watchdog));
  });
}

/**
 * Loads `url` with autocannon: `warmup` seconds not recorded, then `duration` seconds with
 * `connections` keep-alive connections, capped at maxRequests. Only 127.0.0.1 is accepted.
 * With pid, samples that process's RSS before, during (peak) and after the recorded run, and counts the
 * CPU time the server used in it (of `cpuPids`, default [pid]: every process of a server with workers)
 * per request answered: a cost the load generator, which shares the machine, moves much less than req/s.
 * `warm` and `run`: autocannon options for the warm-up and for the recorded run on top of the
 * others, e.g. `requests` whose setupRequest gives every request its own payment, and
 * `maxOverallRequests` for as many as were prepared (the run stops when they are used up).
 * `afterWarmup`: awaited between the warm-up and the recorded run, e.g. until the server has finished
 * the requests the warm-up left in flight (autocannon drops them; a slow server still works on them).
 * @returns {Promise<{ reqPerSec: number, p50: number, p99: number, errors: number, timeouts: number,
 *   non2xx: number, requests: number, good: number, warmGood: number, warmErrors: number, rssBefore?: number, rssPeak?: number, rssAfter?: number,
 *   cpuUsPerReq?: number }>}
 */
export async function load({ url, paths, duration, connections, warmup = 0, maxRequests = MAX_REQUESTS, pid, cpuPids = pid ? [pid] : [], method = "GET", headers, body, expect, warm = {}, run = {}, afterWarmup }) {
  const u = new URL(url);
  if (u.hostname !== "127.0.0.1") throw new Error(`benchmarks only target 127.0.0.1, not ${u.hostname}`);
  const base = { url, method, headers, body, connections, maxOverallRequests: Math.max(maxRequests, connections), timeout: 10 };
  // `paths`: each connection requests these in turn (varied pages of one route) instead of url's path.
  if (paths?.length) base.requests = paths.map((path) => ({ method, path, headers, body }));
  // `expect`: the one status every answer must have (402 for a challenge); otherwise any 2xx.
  const good = (r) => (expect ? (r.statusCodeStats?.[expect]?.count ?? 0) : r.requests.total - r.non2xx);
  const warmResult = warmup > 0 ? await cannon({ ...base, ...warm, duration: warmup }) : undefined;
  if (afterWarmup) await afterWarmup();
  const rssBefore = pid ? rssMb(pid) : undefined;
  const sampler = pid ? sampleRss(pid) : undefined;
  const ticksBefore = cpuTicks(cpuPids);
  const r = await cannon({ ...base, ...run, duration });
  const ticks = cpuTicks(cpuPids) - ticksBefore;
  const rssPeak = sampler?.stop();
  const rssAfter = pid ? rssMb(pid) : undefined;
  return {
    // total over wall time: steadier than autocannon's per-second average for short runs
    reqPerSec: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    // autocannon counts a timeout (10 s) as an error too
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.requests.total - good(r),
    requests: r.requests.total,
    good: good(r),
    warmGood: warmResult ? good(warmResult) : 0,
    // requests of the warm-up that got no answer (the server may still have done their work)
    warmErrors: warmResult ? warmResult.errors : 0,
    rssBefore,
    rssPeak,
    rssAfter,
    cpuUsPerReq: cpuPids.length && r.requests.total ? (ticks / CLK_TCK / r.requests.total) * 1e6 : undefined,
  };
}

/** The median of numbers (the mean of the middle two for an even count). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Combines the load() results of several rounds against one target: medians of req/s, p50 and p99
 * (a shared machine makes single runs noisy), the req/s range, summed counts, RSS before the first
 * round, the peak over all, and after the last.
 */
export function combineRounds(runs) {
  return {
    rounds: runs.length,
    reqPerSec: median(runs.map((r) => r.reqPerSec)),
    reqPerSecMin: Math.min(...runs.map((r) => r.reqPerSec)),
    reqPerSecMax: Math.max(...runs.map((r) => r.reqPerSec)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    requests: runs.reduce((a, r) => a + r.requests, 0),
    errors: runs.reduce((a, r) => a + r.errors, 0),
    timeouts: runs.reduce((a, r) => a + (r.timeouts ?? 0), 0),
    non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
    rssBefore: runs[0].rssBefore,
    rssPeak: runs.some((r) => r.rssPeak !== undefined) ? Math.max(...runs.map((r) => r.rssPeak ?? 0)) : undefined,
    rssAfter: runs.at(-1).rssAfter,
    cpuUsPerReq: runs.every((r) => r.cpuUsPerReq !== undefined) ? median(runs.map((r) => r.cpuUsPerReq)) : undefined,
  };
}

/** One line on the machine the figures come from: cores, Node, load average now. */
export function machineLine() {
  const load = os.loadavg().map((l) => l.toFixed(1)).join(" ");
  return `${os.cpus().length} CPU cores, hub workers ${hubWorkers}${hubNodeArgs.length ? ` (node ${hubNodeArgs.join(" ")})` : ""}, Node ${process.version}, load average ${load}`;
}

// ── output ────────────────────────────────────────────────────────────────────────────────────────

const fmt = {
  int: (n) => (n === undefined ? "–" : Math.round(n).toLocaleString("en-US")),
  ms: (n) => (n === undefined ? "–" : n < 1 ? "<1 ms" : `${Math.round(n)} ms`), // autocannon records whole milliseconds
  mb: (n) => (n === undefined ? "–" : `${Math.round(n)} MB`),
  ratio: (n) => (n === undefined || !Number.isFinite(n) ? "–" : `${n.toFixed(2)}×`),
};
export { fmt };

/** The standard columns for a load() result row labelled `name`. */
export function loadColumns() {
  return [
    { title: "target", value: (r) => r.name, align: "left" },
    { title: "req/s", value: (r) => fmt.int(r.reqPerSec) },
    { title: "req/s range", value: (r) => (r.reqPerSecMin === undefined ? "–" : `${fmt.int(r.reqPerSecMin)}–${fmt.int(r.reqPerSecMax)}`) },
    { title: "p50", value: (r) => fmt.ms(r.p50) },
    { title: "p99", value: (r) => fmt.ms(r.p99) },
    { title: "CPU/req", value: (r) => (r.cpuUsPerReq === undefined ? "–" : `${fmt.int(r.cpuUsPerReq)} µs`) },
    { title: "requests", value: (r) => fmt.int(r.requests) },
    { title: "errors", value: (r) => fmt.int(r.errors) },
    { title: "non-2xx", value: (r) => fmt.int(r.non2xx) },
    { title: "RSS before", value: (r) => fmt.mb(r.rssBefore) },
    { title: "RSS peak", value: (r) => fmt.mb(r.rssPeak) },
    { title: "RSS after", value: (r) => fmt.mb(r.rssAfter) },
  ];
}

/** Prints rows as an aligned text table. columns: { title, value(row) → string, align?: "left" }. */
export function printTable(rows, columns = loadColumns()) {
  const cells = rows.map((r) => columns.map((c) => String(c.value(r))));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...cells.map((row) => row[i].length)));
  const line = (vals) => vals.map((v, i) => (columns[i].align === "left" ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join("  ");
  console.log(line(columns.map((c) => c.title)));
  console.log(widths.map((w) => "─".repeat(w)).join("  "));
  for (const row of cells) console.log(line(row));
}

/**
 * Prints the functions that spent the most self time in each CPU profile of `dir`, then the most
 * inclusive time (self and everything it called; a recursive function counted once per sample). Open
 * the files in Chrome DevTools for the full picture.
 */
export function summariseProfiles(dir, top = 25) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const prof = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    const byId = new Map(prof.nodes.map((n) => [n.id, n]));
    const keyOf = (id) => {
      const { functionName, url, lineNumber } = byId.get(id).callFrame;
      return `${functionName || "(anonymous)"} ${url.replace(/^.*\/(node_modules|\.next)\//, "$1/")}:${lineNumber + 1}`;
    };
    const dt = new Map();
    prof.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
    const self = new Map();
    let total = 0;
    for (const [id, us] of dt) {
      self.set(keyOf(id), (self.get(keyOf(id)) ?? 0) + us);
      total += us;
    }
    const inclusive = new Map();
    const onPath = new Map();
    const visit = (id) => {
      const key = keyOf(id);
      onPath.set(key, (onPath.get(key) ?? 0) + 1);
      let us = dt.get(id) ?? 0;
      for (const child of byId.get(id).children ?? []) us += visit(child);
      onPath.set(key, onPath.get(key) - 1);
      if (onPath.get(key) === 0) inclusive.set(key, (inclusive.get(key) ?? 0) + us);
      return us;
    };
    visit(prof.nodes[0].id);
    const print = (map) => {
      for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
    };
    console.log(`\nCPU profile ${file}: ${(total / 1e6).toFixed(1)} s sampled; top ${top} by self time`);
    print(self);
    console.log(`\nCPU profile ${file}: top ${top} by inclusive time (the root and the event loop's own frames included)`);
    print(inclusive);
  }
}

// ── the database, read straight ───────────────────────────────────────────────────────────────────

/**
 * The rows of one SQL query through the raw driver (benchmarks run without the TypeScript loader):
 * better-sqlite3 on a SQLite file, `pg` on PostgreSQL (search_path set to the URL's schema). `params`
 * are positional ($1… on PostgreSQL, ? on SQLite: write the query for the database). A write without
 * RETURNING answers no rows.
 */
export async function sqlRows(databaseUrl, text, params = []) {
  const { describeDatabase, pgPoolConfig } = await import("../../scripts/lib/migrate.mjs");
  const target = describeDatabase(databaseUrl);
  if (target.provider === "sqlite") {
    const Database = (await import("better-sqlite3")).default;
    const sqlite = new Database(target.filePath, { timeout: 5000 });
    try {
      sqlite.defaultSafeIntegers(true);
      const statement = sqlite.prepare(text);
      if (!statement.reader) return (statement.run(...params), []); // a write without RETURNING
      return statement.all(...params);
    } finally {
      sqlite.close();
    }
  }
  const pg = (await import("pg")).default;
  const client = new pg.Client(pgPoolConfig(target));
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}
