import { ask, inCluster, tell } from "@/lib/cluster/worker-bus";
import type { WriteLock } from "@/lib/db-core";
import { metrics } from "@/lib/metrics/metrics";
import { processState } from "@/lib/process-state";

/**
 * The workers' SQLite write lock (HUB_WORKERS > 1 on SQLite; docs/workers.md), held by the cluster
 * primary (lib/cluster/lock-queue.mjs) and taken by a worker's connection before each transaction and
 * each write outside one (lib/db-core.ts).
 *
 * Why: SQLite has one write lock per database file, and a process that finds it taken retries in
 * SQLite's busy handler, which sleeps 1, 2, 5, 10, 15, 20, 25 … ms with the process's one thread
 * blocked: no request of that worker moves meanwhile, and the lock is taken by whichever process wakes
 * when it is free, not by the one that waited longest. Measured with two workers under Gateway paid
 * unlocks (bench/README.md, session 50): about a quarter of each worker's thread asleep there. Taken
 * here, the wait is a message to the primary and its answer: the worker serves other requests until
 * it is its turn, turns come in the order asked, and BEGIN IMMEDIATE then finds the file's lock free
 * (unless a process outside the cluster holds it: a CLI, a backup; SQLite's busy timeout still covers those).
 *
 * A worker waits for its turn at most `WAIT_MS`, as long as SQLite's busy timeout; past that it
 * withdraws and goes on without the turn, so SQLite's busy timeout decides as before (a holder stuck
 * that long is what makes a write fail with "database is locked" in one process too).
 */
const WAIT_MS = 5_000;

// One count per process, whichever of Next's bundles of this module asks (lib/process-state.ts): a
// ticket names one acquisition of this worker, and two alike would let one give back the other's turn.
const tickets = processState("sqlite-write-tickets", () => ({ issued: 0 }));

/** The lock for this process's SQLite connection: undefined outside a cluster (one process needs none). */
export function clusterWriteLock(): WriteLock | undefined {
  return inCluster() ? acquire : undefined;
}

async function acquire(): Promise<() => void> {
  const ticket = `${process.pid}:${++tickets().issued}`;
  const started = performance.now();
  const giveBack = () => tell("sqlite-write:release", { ticket });
  try {
    await ask<true>("sqlite-write:acquire", { ticket }, WAIT_MS);
  } catch {
    // Not granted in time: withdrawn (or, had the grant crossed the withdrawal, given back at once).
    giveBack();
    metrics().sqliteWriteLockWait.observe({ outcome: "timed_out" }, (performance.now() - started) / 1000);
    return () => {};
  }
  const granted = performance.now();
  metrics().sqliteWriteLockWait.observe({ outcome: "granted" }, (granted - started) / 1000);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    giveBack();
    metrics().sqliteWriteLockHeld.observe((performance.now() - granted) / 1000);
  };
}
