// Brings the whole hub up: local chain with our contracts, database migrated, demo data, Next server.
// Used by `npm start` (scripts/up.mjs) and by the test runner (scripts/test.mjs) alike.
import { mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { startAnvil } from "./anvil.mjs";
import { spawnChild } from "./children.mjs";
import { deployContracts } from "./deploy.mjs";
import { migrate } from "./migrate.mjs";
import { nodeBin, run, waitFor } from "./proc.mjs";

const root = new URL("../..", import.meta.url).pathname;

/** Environment shared by the server, the seed and the tests for one stack. */
export function stackEnv({ dataDir, databaseUrl, chainPort, appPort, origin, extra = {} }) {
  return {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    NETWORK_MODE: "testnet",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    RPC_URL: `http://127.0.0.1:${chainPort}`,
    HUB_ORIGIN: origin ?? `http://localhost:${appPort}`,
    PORT: String(appPort),
    ...extra,
  };
}

/** Starts (or reuses) anvil and deploys; returns the deployment with its addresses. `onSpawn(pid)`: see startAnvil. */
export async function startChain({ dataDir, chainPort, onSpawn }) {
  mkdirSync(dataDir, { recursive: true });
  const anvil = await startAnvil({ port: chainPort, dataDir, onSpawn });
  const deployment = await deployContracts({ rpcUrl: anvil.rpcUrl, dataDir });
  return { anvil, deployment };
}

export function contractEnv(deployment) {
  return {
    HOLDING_BOX_FACTORY_ADDRESS: deployment.holdingBoxFactory,
    FEE_WALLET_FACTORY_ADDRESS: deployment.feeWalletFactory,
    REPUTATION_ADDRESS: deployment.reputation,
  };
}

export async function migrateAndSeed(env, { seed = true } = {}) {
  await migrate({ databaseUrl: env.DATABASE_URL });
  if (seed) await run(nodeBin, ["--import", "tsx", path.join(root, "scripts/seed.ts")], { env, cwd: root, name: "the database seed" });
}

/**
 * Starts the hub's server (server.mjs: Next's production handler, or `--dev`) and resolves once
 * `readyPath` answers 200 (/health by default; the start command waits for /health/ready). `logFile`
 * captures its stdout and stderr (the JSON log) instead of showing or dropping them. The child is
 * registered with ./children.mjs.
 */
export async function startServer(env, { dev = false, quiet = false, logFile, nodeArgs = [], readyPath = "/health", timeoutMs = 120_000 } = {}) {
  const args = [...nodeArgs, path.join(root, "server.mjs"), ...(dev ? ["--dev"] : []), "-p", env.PORT, "-H", dev ? "localhost" : "127.0.0.1"];
  const log = logFile ? openSync(logFile, "a") : undefined;
  const stdio = log !== undefined ? ["ignore", log, log] : quiet ? ["ignore", "ignore", "inherit"] : "inherit";
  const drainMs = Number(env.SHUTDOWN_TIMEOUT_MS ?? 15_000);
  const child = spawnChild("the hub (server.mjs)", nodeBin, args, { env: { ...env, NODE_ENV: dev ? "development" : "production" }, cwd: root, stdio, stopTimeoutMs: drainMs + 5_000 });
  const exited = new Promise((_, reject) => child.on("exit", (code) => reject(new Error(`the hub (${dev ? "dev" : "production"}) exited with ${code}`))));
  exited.catch(() => {});
  const url = `http://127.0.0.1:${env.PORT}`;
  await Promise.race([
    exited,
    waitFor(async () => (await fetch(`${url}${readyPath}`)).ok, { timeoutMs, what: `the hub on ${url}${readyPath}` }),
  ]);
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(); // exited, or killed by a signal
        child.once("exit", resolve);
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), drainMs + 5_000).unref();
      }),
  };
}
