// `npm run bench`: runs every benchmark in bench/*.mjs in turn, each in its own process, or only
// the ones named: `npm run bench -- nonce --duration 5`. Flags are passed to every benchmark.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = new URL(".", import.meta.url).pathname;
const available = readdirSync(dir)
  .filter((f) => f.endsWith(".mjs") && f !== "run.mjs")
  .map((f) => f.slice(0, -".mjs".length))
  .sort();
const BOOLEAN_FLAGS = new Set(["--build", "--hold"]);
// Run only when named: the soak takes ten minutes by default; the A/B needs another checkout (--base).
const NAMED_ONLY = new Set(["soak", "ab"]);
// A whole benchmark (build, chain, hub, every load phase) must finish within this many minutes.
const TIMEOUT_MIN = Number(process.env.BENCH_TIMEOUT_MIN ?? 20);

const names = [];
const flags = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a.startsWith("-")) {
    flags.push(a);
    if (!a.includes("=") && !BOOLEAN_FLAGS.has(a) && i + 1 < argv.length) flags.push(argv[++i]);
  } else {
    names.push(a.replace(/\.mjs$/, ""));
  }
}
const unknown = names.filter((n) => !available.includes(n));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(", ")}; available: ${available.join(", ")}`);
  process.exit(2);
}

let current;
let stopping = false;
const forward = (signal) => () => {
  stopping = true;
  // The benchmark cleans up its chain and servers on this signal; wait for it to exit.
  current?.kill(signal);
};
process.on("SIGINT", forward("SIGINT"));
process.on("SIGTERM", forward("SIGTERM"));

let failed = 0;
for (const name of names.length ? names : available.filter((n) => !NAMED_ONLY.has(n))) {
  if (stopping) break;
  console.log(`\n━━ bench: ${name}`);
  const code = await new Promise((resolve) => {
    current = spawn(process.execPath, [path.join(dir, `${name}.mjs`), ...flags], { stdio: "inherit" });
    const timer = setTimeout(() => {
      console.error(`bench ${name}: over ${TIMEOUT_MIN} min, stopping it`);
      current.kill("SIGTERM");
    }, TIMEOUT_MIN * 60_000);
    current.on("exit", (c, signal) => {
      clearTimeout(timer);
      resolve(c ?? (signal ? 1 : 0));
    });
  });
  current = undefined;
  if (code !== 0) {
    failed++;
    console.error(`━━ bench: ${name} exited with ${code}`);
  }
}
process.exit(stopping ? 130 : failed ? 1 : 0);
