// SQLite's WAL checkpoints on a thread of their own, started once per hub by server.mjs.
//
// In WAL mode a commit appends the changed pages to the -wal file; a checkpoint copies them back into
// the database file and syncs both. By default the connection whose commit takes the WAL past 1,000
// pages runs that checkpoint itself, inside its COMMIT: better-sqlite3 is synchronous, so the request
// being answered, and every other request of that process, waits for the copy and two fsyncs (measured
// on the paid unlock: one COMMIT in 28 took 1–20 ms, about half of all the time spent in COMMIT;
// bench/README.md, session 29). Here a worker thread with its own connection runs a PASSIVE checkpoint
// (it waits for no reader or writer) every `everyMs`, and the serving connections raise their own
// threshold to SAFETY_NET_PAGES (lib/db-wal-settings.mjs), which they reach only if this thread stops keeping up.
//
// One per hub: in the process that is the cluster primary (with HUB_WORKERS > 1 it serves nothing),
// whatever the number of workers; every process's connections write to the same WAL.
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

export { BACKGROUND_CHECKPOINTS_ENV } from "./db-wal-settings.mjs";
const ROLE = "paid-content-hub.wal-checkpointer";

/**
 * Starts the checkpointer thread for the SQLite file at `filePath`. `log(level, msg, fields)` hears of
 * a checkpoint that failed (the thread keeps trying; the connections' own threshold bounds the WAL).
 * The thread does not keep the process alive. Returns `stop()`.
 */
export function startWalCheckpointer({ filePath, everyMs = 1_000, log }) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role: ROLE, filePath, everyMs } });
  worker.unref();
  worker.on("message", (message) => {
    if (message?.type === "failed") log("warn", "SQLite WAL checkpoint failed; retrying every tick", { err: message.error });
    if (message?.type === "recovered") log("info", "SQLite WAL checkpoints run again");
  });
  worker.on("error", (err) => log("error", "SQLite WAL checkpointer stopped; connections checkpoint for themselves past their threshold", { err: String(err) }));
  return { stop: () => worker.terminate() };
}

/** The thread: one connection, one PASSIVE checkpoint per tick. Opened once the file exists (the hub migrates before it serves). */
async function runCheckpointer({ filePath, everyMs }) {
  const { default: Database } = await import("better-sqlite3");
  let connection = null;
  let failing = false; // the first failure of a run of them is reported, and the recovery
  const tick = () => {
    try {
      if (!connection) {
        connection = new Database(filePath, { fileMustExist: true, timeout: 1_000 });
        // What the serving connections use: a checkpoint syncs the WAL, then the database file.
        connection.pragma("synchronous = NORMAL");
      }
      connection.pragma("wal_checkpoint(PASSIVE)");
      if (failing) parentPort?.postMessage({ type: "recovered" });
      failing = false;
    } catch (err) {
      if (!failing) parentPort?.postMessage({ type: "failed", error: String(err) });
      failing = true;
    }
  };
  setInterval(tick, everyMs);
}

if (!isMainThread && workerData?.role === ROLE) void runCheckpointer(workerData);
