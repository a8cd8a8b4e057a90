// Every process the start command starts is registered here, and stopped when it stops: on Ctrl-C,
// SIGTERM, SIGHUP, an error at any stage, or a normal exit. Register a child with `spawnChild` (or
// `proc.run`, which uses it), or any other stop step with `onStop`; steps stop in reverse order.
//
// `ownChildren()` turns this on for a command (scripts/up.mjs): children then start in their own
// process group (so a stop reaches their own children too, e.g. next build's workers) and the signal
// handlers are installed. Without it (the test runner, benchmarks) spawnChild is a plain spawn whose
// child is still stopped by stopChildren().
import { spawn } from "node:child_process";

/** @type {Array<{ name: string, stop: () => Promise<void>, kill?: () => void }>} */
const live = [];
let owning = false;
let stopping_;

/**
 * Spawns a child and registers it. Owned children get their own process group and no terminal stdin.
 * `stopTimeoutMs`: how long a SIGTERM may take before SIGKILL (a server drains first).
 */
export function spawnChild(name, cmd, args, opts = {}) {
  const { stopTimeoutMs = 5_000, ...spawnOpts } = opts;
  const group = owning;
  const stdio = spawnOpts.stdio ?? "inherit";
  const child = spawn(cmd, args, {
    ...spawnOpts,
    detached: group || spawnOpts.detached,
    // A background process group reading the terminal would be stopped (SIGTTIN): no stdin for owned children.
    stdio: group ? (Array.isArray(stdio) ? ["ignore", ...stdio.slice(1)] : ["ignore", stdio, stdio]) : stdio,
  });
  const target = () => (group && child.pid ? -child.pid : child.pid);
  const entry = {
    name,
    kill: () => signal(target(), "SIGKILL"),
    stop: async () => {
      if (!child.pid) return;
      await stopGroupOrPid(target(), () => child.exitCode !== null || child.signalCode !== null, stopTimeoutMs);
    },
  };
  live.push(entry);
  child.once("exit", () => {
    // A group outlives its leader when the leader leaves children behind: keep the entry until they are gone.
    if (!group || !alive(-child.pid)) remove(entry);
  });
  return child;
}

/** Registers a stop step that is not a child of ours (e.g. anvil, stopped by its PID file). Returns the unregister function. */
export function onStop(name, stop, kill) {
  const entry = { name, stop, kill };
  live.push(entry);
  return () => remove(entry);
}

/** Stops everything registered, last registered first; idempotent (a second call waits for the first). */
export function stopChildren() {
  stopping_ ??= (async () => {
    while (live.length) {
      const entry = live.pop();
      try {
        await entry.stop();
      } catch (err) {
        console.error(`  (could not stop ${entry.name}: ${err.message})`);
      }
    }
  })();
  return stopping_;
}

/** Whether a stop has begun (a signal, or a failure): an exiting child is then expected. */
export function stopping() {
  return stopping_ !== undefined;
}

/** Names of what is still registered (for messages and tests). */
export function liveChildren() {
  return live.map((e) => e.name);
}

/**
 * This command owns its children: they start in their own process groups, and every exit path stops
 * them. A first Ctrl-C/SIGTERM stops them gracefully and exits (130/143); another one (a second or
 * more later) kills them at once.
 * `onSignal(signal)` runs first (e.g. to say what is being stopped).
 */
export function ownChildren({ onSignal } = {}) {
  owning = true;
  let firstAt;
  const exitCode = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(sig, () => {
      if (firstAt !== undefined) {
        // npm forwards the signals it gets to its script, so a terminal's Ctrl-C can reach us twice: a
        // repeat within a second is the same request. A later one is a person insisting: kill what is left.
        if (Date.now() - firstAt < 1_000) return;
        killChildren();
        process.exit(exitCode[sig]);
      }
      firstAt = Date.now();
      onSignal?.(sig);
      void stopChildren().finally(() => process.exit(exitCode[sig]));
    });
  }
  // Last resort on any exit (an uncaught error, process.exit from anywhere): nothing may outlive us.
  process.on("exit", killChildren);
}

/** Stops everything, then exits with `code`: the one way out of a failed start. */
export async function exitAfterStopping(code) {
  await stopChildren();
  process.exit(code);
}

function killChildren() {
  for (const entry of live.splice(0)) {
    try {
      entry.kill?.();
    } catch {
      // already gone
    }
  }
}

function remove(entry) {
  const i = live.indexOf(entry);
  if (i >= 0) live.splice(i, 1);
}

function signal(target, sig) {
  try {
    process.kill(target, sig);
    return true;
  } catch {
    return false;
  }
}

function alive(target) {
  if (!target) return false;
  try {
    process.kill(target, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

/** SIGTERM to a process group (negative target) or a PID, then poll until it is gone; SIGKILL after timeoutMs. */
async function stopGroupOrPid(target, leaderExited, timeoutMs) {
  if (!alive(target)) return;
  signal(target, "SIGTERM");
  const deadline = Date.now() + timeoutMs;
  while (alive(target) && !(target > 0 && leaderExited())) {
    if (Date.now() > deadline) {
      signal(target, "SIGKILL");
      const hard = Date.now() + 2_000;
      while (alive(target) && Date.now() < hard) await new Promise((r) => setTimeout(r, 50));
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
