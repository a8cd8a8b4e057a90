// The hub's HTTP server: Next.js's request handler behind a plain Node server, so that two things
// `next start` cannot do are done here, once, for every instance (`npm start`, the tests, benchmarks).
//
// 1. The real peer address. Next keeps a client-sent X-Forwarded-For and only adds the socket address
//    when none was sent, so a route cannot tell a forged header from a proxy's. This server writes the
//    connection's own address into PEER_HEADER on every request (overwriting anything a client sent);
//    lib/http decides, with TRUSTED_PROXIES, how far X-Forwarded-For may be believed.
// 2. Graceful stop. On SIGTERM/SIGINT the server stops accepting connections, lets the app finish what
//    it is doing (a `drain` hook the app registers on globalThis, e.g. payments being recorded and the
//    settler's lead), then exits.
//
// 3. Refuse to start wrong. The configuration is checked (lib/env.ts's schema, scripts/check-config.mjs)
//    and the port tried before Next starts: a problem is named in plain words and the process exits 1,
//    instead of answering 500 to every request or dying on EADDRINUSE with a stack trace.
//
// 4. Every core. HUB_WORKERS processes (default: one per core; --dev: one) serve on the same socket:
//    this process becomes the cluster primary (lib/cluster/primary.mjs), which checks as in 3., forks the
//    workers, restarts one that dies and stops them all gracefully; each worker runs the rest of this file.
//
// 5. SQLite's WAL checkpoints on a thread of their own, not inside a request's COMMIT (checkpointSqliteInBackground).
//
// 6. The platform's `Date`, which Next replaces for Cache Components (off here), back once Next has loaded (lib/platform-date.mjs).
//
// 7. A heap that follows what it holds: V8's growth past the live heap fixed (HUB_HEAP_GROWTH_PERCENT, lib/heap-growth.mjs).
//
// Usage: node server.mjs [--dev] [-p PORT] [-H HOST]   (PORT / HOST from the environment otherwise)
import { PLATFORM_DATE, restorePlatformDate } from "./lib/platform-date.mjs"; // first: it reads the global Date before Next loads
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import next from "next";
import nextConfig from "./next.config.mjs";
import { runPrimary } from "./lib/cluster/primary.mjs";
import { BACKGROUND_CHECKPOINTS_ENV, startWalCheckpointer } from "./lib/db-wal-checkpointer.mjs";
import { applyHeapGrowth } from "./lib/heap-growth.mjs";
import { describeDatabase, hubDatabaseUrl } from "./scripts/lib/migrate.mjs";
import { describeHolder, portInUse } from "./scripts/lib/ports.mjs";

export const PEER_HEADER = "x-hub-peer-addr";
const LIFECYCLE = Symbol.for("paid-content-hub.lifecycle");
const DRAIN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 15_000);

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dev = args.includes("--dev");
const port = Number(flag("-p") ?? process.env.PORT ?? 3000);
const hostname = flag("-H") ?? process.env.HOST ?? (dev ? "localhost" : "0.0.0.0");
const dir = path.dirname(new URL(import.meta.url).pathname);
const workers = dev ? 1 : Number(process.env.HUB_WORKERS || os.availableParallelism());
applyHeapGrowth(); // 7., in this process and so in each worker (every worker runs this file)

// The whole configuration first (in a child process: the checker loads TypeScript through tsx, which
// this server's process should not carry). Exit 1 there means invalid; it printed the problems.
// A cluster worker skips both: its primary checked, and holds the port it shares.
if (cluster.isPrimary) {
  const check = spawnSync(process.execPath, [path.join(dir, "scripts/check-config.mjs")], { stdio: "inherit", env: { ...process.env, PORT: String(port) } });
  if (check.status === 1) process.exit(1);
  if (await portInUse(port, hostname === "localhost" ? "127.0.0.1" : hostname)) refusePort();
  checkpointSqliteInBackground();
}
if (cluster.isPrimary && workers > 1) {
  runPrimary({ count: workers, log, stopTimeoutMs: DRAIN_TIMEOUT_MS + 5_000, onListening: () => log("info", `hub listening on http://${hostname}:${port} (${workers} workers)`) });
  await new Promise(() => {}); // the primary serves nothing itself; the rest of this file runs in each worker
}

/**
 * 5. SQLite's WAL checkpoints off the serving threads: one thread of this process (the primary, when
 * there are workers) checkpoints the database file, and every serving connection to that file is told
 * so through the environment (lib/db-wal-checkpointer.mjs): the database URL, resolved as lib/env.ts does.
 */
function checkpointSqliteInBackground() {
  const url = hubDatabaseUrl(process.env);
  let target;
  try {
    target = describeDatabase(url);
  } catch {
    return; // not a file the hub can share (the app names the problem)
  }
  if (target.provider !== "sqlite") return;
  process.env[BACKGROUND_CHECKPOINTS_ENV] = url;
  startWalCheckpointer({ filePath: target.filePath, log });
}

function refusePort() {
  console.error(`Cannot listen on ${hostname}:${port}: the port is in use by ${describeHolder(port)}. Stop that process, or choose another port (PORT=… or -p …).`);
  process.exit(1);
}

// Next sees request URLs on http://localhost:<port> whatever address the server
// listens on, and treats a rewrite as internal only when its origin is the one Next was given here;
// with the listening address (127.0.0.1, 0.0.0.0) every rewrite (a hosted blog's host rewrite, an
// agent's share request) would be proxied as a second HTTP request through this server.
const app = next({ dev, dir, hostname: "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();
restorePlatformDate(PLATFORM_DATE, { dev, config: nextConfig });

const server = http.createServer((req, res) => {
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
  // The app's hook (lib/lifecycle, registered by instrumentation.ts): request id, access log, metrics,
  // in-flight count, and a 503 while draining.
  const hooks = globalThis[LIFECYCLE];
  if (hooks?.handle) hooks.handle(req, res, () => handle(req, res));
  else handle(req, res);
});
server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeouts
server.once("error", (err) => {
  if (err.code === "EADDRINUSE") refusePort(); // taken between the check and the listen
  throw err;
});
server.listen(port, hostname, () => {
  // A cluster's primary says it once, when every worker listens.
  if (cluster.isPrimary) log("info", `hub ${dev ? "(dev) " : ""}listening on http://${hostname}:${port}`);
});

/**
 * Through the app's logger once it is registered; before that (Next may register it on the first
 * request) a line of the same format: JSON, or readable in a terminal (LOG_FORMAT as lib/log/logger.ts reads it).
 */
function log(level, msg, fields) {
  const hooks = globalThis[LIFECYCLE];
  if (hooks?.log) return hooks.log(level, msg, fields);
  const format = process.env.LOG_FORMAT === "json" || process.env.LOG_FORMAT === "pretty" ? process.env.LOG_FORMAT : process.stdout.isTTY ? "pretty" : "json";
  const now = new Date();
  const line =
    format === "json"
      ? JSON.stringify({ level, time: now.toISOString(), pid: process.pid, ...fields, msg })
      : `[${now.toTimeString().slice(0, 8)}] ${level.toUpperCase()}: ${msg}${fields ? ` ${JSON.stringify(fields)}` : ""}`;
  (level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
}

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log("info", `${signal}: no new connections; finishing in-flight work`);
  server.close();
  server.closeIdleConnections?.();
  const lifecycle = globalThis[LIFECYCLE];
  const timeout = new Promise((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS).unref());
  try {
    await Promise.race([Promise.resolve(lifecycle?.drain?.()), timeout]);
  } catch (err) {
    log("error", "drain failed", { err: String(err) });
  }
  await app.close?.().catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
