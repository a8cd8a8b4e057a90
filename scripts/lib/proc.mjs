// Small process helpers shared by the start and test scripts.
import path from "node:path";
import { spawnChild } from "./children.mjs";

/**
 * Runs a command to completion with inherited output; rejects on a non-zero exit. The child is
 * registered with ./children.mjs, so a start command that owns its children stops it on Ctrl-C.
 */
export function run(cmd, args, { name, ...opts } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawnChild(name ?? path.basename(cmd), cmd, args, { stdio: "inherit", ...opts });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code ?? signal}`)),
    );
  });
}

/** Polls `check` until it returns truthy or the deadline passes (no fixed sleeps). */
export async function waitFor(check, { timeoutMs = 60_000, intervalMs = 150, what = "condition" } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastErr;
  while (Date.now() < deadline) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      lastErr = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${lastErr ? `: ${lastErr.message}` : ""}`);
}

export const nodeBin = process.execPath;
export const bin = (name) => new URL(`../../node_modules/.bin/${name}`, import.meta.url).pathname;
