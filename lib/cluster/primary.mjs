// The cluster primary of server.mjs (HUB_WORKERS > 1): forks the workers that share the listening
// socket, restarts a worker that dies, stops them all gracefully on SIGTERM/SIGINT, and is the
// workers' meeting point (docs/workers.md):
// - `broadcast`: a worker's message relayed to every other worker (a write dropped the kept read answers);
// - `ask` "rate-limit:hit": the fixed-window rate-limit counters every worker shares;
// - `ask` "gather:<topic>": every other worker's answer to <topic>, collected for the asker (/metrics);
// - `ask` "sqlite-write:acquire" and `tell` "sqlite-write:release": the workers' SQLite write lock, taken
//   in turn here instead of through SQLite's busy timeout (lib/cluster/write-lock.ts).
// It loads no Next and no database client: it does not serve, and a singleton job (the settler, the deposit
// index, the webhook worker) runs in whichever worker holds its database lease. (On SQLite server.mjs
// gives this process the WAL checkpointer's thread, lib/db-wal-checkpointer.mjs.)
// The worker side is lib/cluster/worker-bus.ts.
import cluster from "node:cluster";
import { createFixedWindows } from "../rate-limit/fixed-windows.mjs";
import { createLockQueue } from "./lock-queue.mjs";

/** The messages of both sides carry this tag; anything else on the channel (Node's own) is not ours. */
export const BUS_TAG = "paid-content-hub.bus";
const GATHER_TIMEOUT_MS = 2_000;
/** A worker that dies sooner than this after its start is restarted after RESTART_BACKOFF_MS, not at once. */
const EARLY_DEATH_MS = 5_000;
const RESTART_BACKOFF_MS = 1_000;

/**
 * Runs the primary: `count` workers of this same script (cluster.fork), each started with
 * HUB_WORKER_ID=<1..count>. `log(level, msg, fields)` writes the primary's own lines; `stopTimeoutMs`
 * bounds the workers' graceful stop before they are killed. `onListening` is called once, when every
 * worker listens; the process exits when the workers have stopped after a signal.
 */
export function runPrimary({ count, log, stopTimeoutMs, onListening }) {
  const windows = createFixedWindows();
  const sqliteWrite = createLockQueue();
  const started = new Map(); // worker id -> start time
  const slots = new Map(); // worker id -> its slot (1..count), reused by the worker that replaces it
  const listening = new Set();
  let announced = false;
  let stopping = false;
  let exitCode = 0;
  /** The workers still running (one that exited may stay in cluster.workers until its channel closes). */
  const live = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());

  const fork = (slot) => {
    const worker = cluster.fork({ HUB_WORKER_ID: String(slot) });
    started.set(worker.id, Date.now());
    slots.set(worker.id, slot);
    worker.on("message", (msg) => onMessage(worker, msg));
    return worker;
  };

  cluster.on("listening", (worker) => {
    listening.add(worker.id);
    if (!announced && listening.size >= count) {
      announced = true;
      onListening?.();
    }
  });

  cluster.on("exit", (worker, code, signal) => {
    listening.delete(worker.id);
    // A worker that died holding the write lock (or waiting for it) lets it go.
    sqliteWrite.drop(worker.id);
    const slot = slots.get(worker.id);
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    slots.delete(worker.id);
    if (stopping) {
      if (live().length === 0) {
        log("info", "every worker has stopped");
        process.exit(exitCode);
      }
      return;
    }
    // A worker that exits before every worker has listened is a start that failed (configuration, port):
    // restarting it would fail again, so the instance stops and says so.
    if (!announced) {
      log("error", `worker ${slot} (pid ${worker.process.pid}) exited (${signal ?? code}) before the hub was listening; stopping`, { worker: slot });
      exitCode = 1;
      return stop("SIGTERM");
    }
    const wait = lived < EARLY_DEATH_MS ? RESTART_BACKOFF_MS : 0;
    log("error", `worker ${slot} (pid ${worker.process.pid}) exited (${signal ?? code}); starting a new one${wait ? ` in ${wait} ms` : ""}`, { worker: slot });
    // Not unref'd: with no worker left, this timer is what keeps the primary alive until the new one starts.
    setTimeout(() => {
      if (!stopping) fork(slot);
    }, wait);
  });

  /** @param {import("node:cluster").Worker} from */
  function onMessage(from, msg) {
    if (!msg || msg.tag !== BUS_TAG) return;
    if (msg.kind === "broadcast") {
      for (const w of live()) if (w !== from && w.isConnected()) w.send(msg);
      return;
    }
    if (msg.kind === "ask") {
      const answer = (value) => from.isConnected() && from.send({ tag: BUS_TAG, kind: "answer", id: msg.id, value });
      if (msg.topic === "rate-limit:hit") return answer(windows.hit(String(msg.data.key), Number(msg.data.windowMs)));
      if (msg.topic === "sqlite-write:acquire") return sqliteWrite.acquire(from.id, String(msg.data?.ticket), () => answer(true));
      if (typeof msg.topic === "string" && msg.topic.startsWith("gather:")) return void gather(from, msg.topic.slice(7), msg.data).then(answer);
      return answer(undefined);
    }
    if (msg.kind === "tell" && msg.topic === "sqlite-write:release") return sqliteWrite.release(from.id, String(msg.data?.ticket));
    if (msg.kind === "gathered") pending.get(msg.id)?.(msg.value);
  }

  const pending = new Map(); // gather request id -> resolve one worker's answer
  let nextId = 0;
  /** Every other live worker's answer to `topic` (those that answer within GATHER_TIMEOUT_MS). */
  async function gather(asker, topic, data) {
    const others = live().filter((w) => w !== asker && w.isConnected());
    const answers = await Promise.all(
      others.map(
        (w) =>
          new Promise((resolve) => {
            const id = `g${++nextId}`;
            const timer = setTimeout(() => (pending.delete(id), resolve(undefined)), GATHER_TIMEOUT_MS);
            pending.set(id, (value) => (clearTimeout(timer), pending.delete(id), resolve(value)));
            w.send({ tag: BUS_TAG, kind: "gather", id, topic, data });
          }),
      ),
    );
    return answers.filter((a) => a !== undefined);
  }

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    const workers = live();
    log("info", `${signal}: stopping ${workers.length} worker${workers.length === 1 ? "" : "s"} gracefully`);
    if (workers.length === 0) process.exit(exitCode);
    // A terminal's Ctrl-C reaches the workers too (one process group); a second SIGINT is harmless to them.
    for (const w of workers) w.process.kill(signal);
    setTimeout(() => {
      for (const w of live()) w.process.kill("SIGKILL");
      log("error", `workers still running after ${stopTimeoutMs} ms: killed`);
      process.exit(1);
    }, stopTimeoutMs).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  for (let slot = 1; slot <= count; slot++) fork(slot);
}
