// Small process helpers shared by the start and test scripts.
import path from "node:path";
import { spawnChild } from "./children.mjs";

/**
 * Runs a command to completion with inherited output; rejects on a non-zero exit. The child is
 * registered with ./children.mjs, so a start command that owns its children stops it on Ctrl-C.
 * `prefix` marks each line of its output (the test runner runs two stacks at once, one per database).
 */
export function run(cmd, args, { name, prefix, ...opts } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawnChild(name ?? path.basename(cmd), cmd, args, { stdio: prefix ? ["inherit", "pipe", "pipe"] : "inherit", ...opts });
    if (prefix) {
      prefixLines(child.stdout, process.stdout, prefix);
      prefixLines(child.stderr, process.stderr, prefix);
    }
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

/** Copies a stream to `out` line by line, each line starting with `prefix`. */
export function prefixLines(stream, out, prefix) {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop();
    if (lines.length) out.write(lines.map((l) => `${prefix}${l}\n`).join(""));
  });
  stream.on("end", () => rest && out.write(`${prefix}${rest}\n`));
}
