// A second (or third) hub process for tests that need one: several app instances sharing a database
// and Redis, a hub with a test-only fetch allowlist, or a peer hub on the other network. It runs the
// same production build as the hub under test (server.mjs), with environment overrides.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import type { PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import type { HubResponse } from "./hub";

const root = path.resolve(import.meta.dirname, "../..");

/** A free TCP port on loopback (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type ExtraHub = { url: string; pid: number; stop: () => Promise<void>; exited: Promise<number | null> };

/** Starts the hub's server on a free port with the test's environment plus `overrides`; resolves once /health answers. */
export async function startExtraHub(overrides: Record<string, string>, { port: fixedPort }: { port?: number } = {}): Promise<ExtraHub> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("no production build (.next): run the tests through scripts/test.mjs");
  const port = fixedPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, NODE_ENV: "production", HUB_ORIGIN: url, ...overrides, PORT: String(port) } as NodeJS.ProcessEnv;
  // The test clock is for the main test hub only (a mainnet peer would refuse to start with it).
  if (!("HUB_TEST_CLOCK" in overrides)) delete env.HUB_TEST_CLOCK;
  if (!("HUB_TEST_FAULTS" in overrides)) delete env.HUB_TEST_FAULTS;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "server.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`extra hub exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`extra hub on ${url} did not come up: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    exited,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 20_000).unref(); // after server.mjs's own drain timeout (SHUTDOWN_TIMEOUT_MS, 15 s)
      }),
  };
}

/** The secrets the hub under test generated into its DATA_DIR (tests share them with extra hubs). */
export function hubSecrets(): { SESSION_PASSWORD: string; PEER_SECRET: string; UNLOCK_PROOF_SECRET: string; BLOB_KEY: string } {
  return JSON.parse(readFileSync(path.join(process.env.DATA_DIR!, "secrets.json"), "utf8"));
}

/** `api()` and `signIn()` against any hub URL. */
export function hubClient(base: string) {
  async function call<T = any>(p: string, init: { method?: string; json?: unknown; cookie?: string; headers?: Record<string, string> } = {}): Promise<HubResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.json !== undefined) headers["content-type"] = "application/json";
    if (init.cookie) headers.cookie = init.cookie;
    const res = await fetch(`${base}${p}`, {
      method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // keep text
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }
  async function signIn(account: PrivateKeyAccount): Promise<string> {
    const t = (await call("/auth/nonce")).body;
    const message = createSiweMessage({
      address: account.address, chainId: t.chainId, domain: t.domain, uri: t.uri, nonce: t.nonce, statement: t.statement,
      version: "1", issuedAt: new Date(), expirationTime: new Date(Date.now() + 5 * 60_000),
    });
    const res = await call("/auth/verify", { json: { message, signature: await account.signMessage({ message }) } });
    if (res.status !== 200) throw new Error(`sign-in at ${base} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  }
  return { api: call, signIn };
}

/** Whether a Redis server answers on 127.0.0.1:6379 (developer machines run one; a user's may not). */
export async function redisReachable(): Promise<boolean> {
  const { Socket } = await import("node:net");
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
    socket.connect(6379, "127.0.0.1");
  });
}
