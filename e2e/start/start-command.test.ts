// The start command (scripts/up.mjs, what `npm start` runs) as a person uses it: a bad configuration,
// a port in use, Ctrl-C at the slow stages, and a start in a terminal. Each test starts the real
// command with its own DATA_DIR and ports (4350–4399, chain 8635–8639) and marks every process it
// starts with an environment variable, so "nothing left running" is checked on the whole process
// table, not on the PIDs the command chose to tell. The readiness and terminal tests reuse the test
// run's .next build (--no-build); the build test builds into .next-start-test and stops it early.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startAnvil, stopAnvil } from "../../scripts/lib/anvil.mjs";
import { portInUse } from "../../scripts/lib/ports.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const MARK = "HUB_START_TEST_MARK";
const BANNER_END = "Ctrl-C stops the hub, the example site and the chain.";

type Started = { child: ChildProcess; mark: string; output: () => string; exited: Promise<number | null>; dataDir: string };
const started: Started[] = [];
const holders: net.Server[] = [];

/**
 * Starts `node scripts/up.mjs …` in its own process group, or with `tty` `npm start -- …` under a
 * pseudo-terminal, as a person types it.
 */
function startUp({ args = [], env = {}, tty = false }: { args?: string[]; env?: Record<string, string>; tty?: boolean }): Started {
  const mark = randomUUID();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hub-start-"));
  const clean = { ...process.env };
  for (const k of ["PORT", "CHAIN_PORT", "HUB_ORIGIN", "DATABASE_URL", "RPC_URL", "LOG_FORMAT", "LOG_LEVEL", "HUB_NEXT_DIST_DIR", "NODE_ENV"]) delete clean[k];
  const fullEnv = { ...clean, DATA_DIR: dataDir, [MARK]: mark, NEXT_TELEMETRY_DISABLED: "1", ...env };
  const command = ["node", "scripts/up.mjs", ...args];
  // script(1) runs the command on a new pseudo-terminal (its stdout is a TTY); -e returns its exit code.
  // `exec`: the command is the terminal's foreground process itself, as when a person types it.
  const child = tty
    ? spawn("script", ["-qfec", `exec npm start -- ${args.join(" ")}`, "/dev/null"], { cwd: root, env: fullEnv, stdio: ["pipe", "pipe", "pipe"], detached: true })
    : spawn(command[0]!, command.slice(1), { cwd: root, env: fullEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", (err) => {
      out += `\n(could not start: ${err.message})`;
      resolve(null);
    });
  });
  const s = { child, mark, output: () => out, exited, dataDir };
  started.push(s);
  return s;
}

/** PIDs of live processes (not zombies) carrying this test's mark in their environment. */
function markedProcesses(mark: string): Array<{ pid: number; command: string }> {
  const found = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(`${MARK}=${mark}`)) continue;
      if (readFileSync(`/proc/${entry}/stat`, "utf8").split(") ").at(-1)!.startsWith("Z")) continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim() });
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

async function waitForOutput(s: Started, pattern: RegExp | string, timeout = 180_000) {
  await expect.poll(() => (typeof pattern === "string" ? s.output().includes(pattern) : pattern.test(s.output())), { timeout, interval: 100, message: `waiting for ${pattern} in:\n${s.output()}` }).toBe(true);
}

/** After the command exited: no process of it is left and none of the ports listens. */
async function expectNothingLeft(s: Started, ports: number[]) {
  await expect.poll(() => markedProcesses(s.mark), { timeout: 10_000 }).toEqual([]);
  for (const port of ports) expect(await portInUse(port), `port ${port} still listens`).toBe(false);
}

afterEach(async () => {
  // Whatever a failed test left: the command's group, then any marked process, then the held ports.
  for (const s of started.splice(0)) {
    try {
      process.kill(-s.child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
    for (const p of markedProcesses(s.mark)) {
      try {
        process.kill(p.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    rmSync(s.dataDir, { recursive: true, force: true });
  }
  for (const h of holders.splice(0)) await new Promise((r) => h.close(r));
});

describe("the start command (scripts/up.mjs)", () => {
  it("refuses an invalid configuration before starting anything: every problem named, exit 1, nothing left", async () => {
    const s = startUp({ env: { PORT: "4351", CHAIN_PORT: "8635", METRICS_TOKEN: "x".repeat(31), LOG_FORMAT: "loud", TRUSTED_PROXIES: "not-a-cidr" } });
    expect(await s.exited).toBe(1);
    const out = s.output();
    expect(out).toContain("Invalid configuration (3 problems)");
    expect(out).toMatch(/METRICS_TOKEN: must be at least 32 characters \(a value of 31 characters\)\n\s+expected: at least 32 characters/);
    expect(out).toMatch(/LOG_FORMAT: is not one of the accepted values \(got "loud"\)\n\s+expected: one of auto, json, pretty/);
    expect(out).toMatch(/TRUSTED_PROXIES: .*not-a-cidr/);
    expect(out).toContain("Nothing was started.");
    expect(out).not.toContain("x".repeat(31)); // a secret's value is never echoed
    expect(out).not.toContain("› starting the local chain");
    await expectNothingLeft(s, [4351, 8635]);
  });

  it("server.mjs on its own refuses an invalid configuration before starting Next", async () => {
    const mark = randomUUID();
    const child = spawn("node", ["server.mjs", "-p", "4352"], { cwd: root, env: { ...process.env, [MARK]: mark, METRICS_TOKEN: "short", NODE_ENV: "production" }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stderr.on("data", (d) => (out += d));
    child.stdout.on("data", (d) => (out += d));
    expect(await new Promise((r) => child.once("exit", r))).toBe(1);
    expect(out).toMatch(/METRICS_TOKEN: must be at least 32 characters \(a value of 5 characters\)/);
    expect(markedProcesses(mark)).toEqual([]);
    expect(await portInUse(4352)).toBe(false);
  });

  it("names the holder of a port in use (pid and command) and starts no chain", async () => {
    const holder = net.createServer();
    holders.push(holder);
    await new Promise<void>((r) => holder.listen(4353, "127.0.0.1", r));
    const s = startUp({ env: { PORT: "4353", CHAIN_PORT: "8636" } });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain(`the hub's port 4353 is in use by pid ${process.pid} (`);
    expect(s.output()).toContain("PORT=4354 npm start");
    expect(s.output()).not.toContain("› starting the local chain");
    await expectNothingLeft(s, [8636]);
  });

  it("says when the data directory holds a running anvil of an earlier start, and does not start a second chain", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "hub-start-anvil-"));
    const anvil = await startAnvil({ port: 8637, dataDir });
    try {
      const s = startUp({ env: { PORT: "4356", CHAIN_PORT: "8637", DATA_DIR: dataDir } });
      expect(await s.exited).toBe(1);
      expect(s.output()).toContain(`the chain's data directory ${dataDir} holds a running anvil (pid ${anvil.pid}, port 8637) that an earlier start left behind`);
      expect(s.output()).toContain(`kill ${anvil.pid}`);
      expect(markedProcesses(s.mark)).toEqual([]);
      expect(await portInUse(4356)).toBe(false);
    } finally {
      await stopAnvil({ port: 8637, dataDir });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("Ctrl-C during the build stops the build, the chain and everything else", async () => {
    const s = startUp({ env: { PORT: "4357", CHAIN_PORT: "8638", HUB_NEXT_DIST_DIR: ".next-start-test" } });
    await waitForOutput(s, "› building the app (next build)");
    await expect.poll(() => markedProcesses(s.mark).some((p) => /next[- ]build/.test(p.command)), { timeout: 30_000 }).toBe(true);
    expect(await portInUse(8638)).toBe(true); // the chain is up while the build runs
    process.kill(-s.child.pid!, "SIGINT"); // what a terminal's Ctrl-C does: SIGINT to the foreground group
    expect(await s.exited).toBe(130);
    expect(s.output()).toMatch(/SIGINT: stopping .*the build \(next build\)/);
    await expectNothingLeft(s, [4357, 8638]);
    rmSync(path.join(root, ".next-start-test"), { recursive: true, force: true }); // the half build
  });

  it("Ctrl-C while waiting for the hub to be ready stops the server and the chain", async () => {
    const s = startUp({ args: ["--no-build"], env: { PORT: "4358", CHAIN_PORT: "8639" } });
    await waitForOutput(s, "› starting the hub on port 4358");
    await expect.poll(() => markedProcesses(s.mark).some((p) => /server\.mjs/.test(p.command)), { timeout: 30_000 }).toBe(true);
    process.kill(-s.child.pid!, "SIGINT");
    expect(await s.exited).toBe(130);
    expect(s.output()).not.toContain(BANNER_END); // it was stopped before it was up
    expect(s.output()).toMatch(/SIGINT: stopping .*the hub \(server\.mjs\)/);
    await expectNothingLeft(s, [4358, 8639]);
  });

  it("npm start in a terminal: readable log lines, no per-request lines, the banner last; Ctrl-C stops it all", async () => {
    // Two worker processes (HUB_WORKERS; one per core when unset), whatever this machine has.
    const metricsToken = "start-test-metrics-token-0123456789";
    const s = startUp({ args: ["--no-build"], env: { PORT: "4359", CHAIN_PORT: "8635", HUB_WORKERS: "2", METRICS_TOKEN: metricsToken }, tty: true });
    await waitForOutput(s, BANNER_END);
    const ready = await fetch("http://127.0.0.1:4359/health/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, draining: false, database: "ok", chain: "ok", settler: "running" });
    // Both workers answer a scrape, and the settler (a database lease) leads in exactly one of them.
    const scrape = async () => (await fetch("http://127.0.0.1:4359/metrics", { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    const sample = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
    await expect.poll(async () => sample(await scrape(), "hub_workers"), { timeout: 30_000, interval: 250 }).toBe(2);
    await expect.poll(async () => sample(await scrape(), "hub_settler_leader"), { timeout: 30_000, interval: 500 }).toBe(1);
    for (let i = 0; i < 8; i++) expect(sample(await scrape(), "hub_settler_leader")).toBe(1);
    for (const p of ["/health", "/explore", "/api/openapi.json", "/no-such-page"]) await (await fetch(`http://127.0.0.1:4359${p}`)).arrayBuffer();
    s.child.stdin!.write("\x03"); // Ctrl-C typed into the terminal
    expect(await s.exited).toBe(130);

    // Without the terminal's carriage returns and colours.
    const out = s.output().replace(/\r/g, "").replace(/\x1b\[[0-9;]*m/g, "");
    const lines = out.split("\n");
    expect(lines.filter((l) => l.trimStart().startsWith('{"level"'))).toEqual([]); // no JSON lines in a terminal
    expect(out).toMatch(/\[\d\d:\d\d:\d\d\] INFO: hub listening on http:\/\/127\.0\.0\.1:4359 \(2 workers\)/);
    // Between the banner and the Ctrl-C nothing was printed: the requests above are summed up, not listed.
    const afterBanner = out.slice(out.indexOf(BANNER_END) + BANNER_END.length, out.indexOf("› SIGINT"));
    expect(afterBanner.replace("^C", "").trim()).toBe(""); // the terminal echoes the Ctrl-C itself
    expect(out).not.toMatch(/GET \/explore 200/);
    // One Ctrl-C is a graceful stop: the hub drained, nothing was killed.
    expect(out.match(/drained: requests finished/g)).toHaveLength(2); // each worker drained
    expect(out).toContain("every worker has stopped");
    await expectNothingLeft(s, [4359, 8635]);
  });
});
