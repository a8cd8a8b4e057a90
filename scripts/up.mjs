// `npm start`: install check, build, local chain + contracts, migrate, seed, serve on http://localhost:3000.
// `npm run dev` does the same with `next dev` instead of a production build.
import { existsSync } from "node:fs";
import path from "node:path";
import { bin, nodeBin, run } from "./lib/proc.mjs";
import { contractEnv, migrateAndSeed, stackEnv, startChain, startServer } from "./lib/stack.mjs";

const root = new URL("..", import.meta.url).pathname;
const dev = process.argv.includes("--dev");
const appPort = Number(process.env.PORT ?? 3000);
const chainPort = Number(process.env.CHAIN_PORT ?? 8545);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, "data"));
const databaseUrl = process.env.DATABASE_URL ?? `file:${path.join(dataDir, "hub.db")}`;

if (!existsSync(path.join(root, "node_modules/.bin/next"))) {
  console.log("› installing dependencies (npm install)…");
  await run("npm", ["install", "--no-audit", "--no-fund"], { cwd: root });
}
console.log("› generating the database clients…");
await run(nodeBin, [path.join(root, "scripts/db-generate.mjs")], { cwd: root });

console.log(`› starting the local chain on 127.0.0.1:${chainPort} and deploying contracts…`);
const { anvil, deployment } = await startChain({ dataDir, chainPort });
const env = stackEnv({ dataDir, databaseUrl, chainPort, appPort, origin: process.env.HUB_ORIGIN, extra: contractEnv(deployment) });

console.log("› migrating and seeding demo data…");
await migrateAndSeed(env);

if (!dev) {
  console.log("› building the app (next build)…");
  await run(bin("next"), ["build"], { cwd: root, env: { ...env, NODE_ENV: "production" } });
}
const server = await startServer(env, { dev });
console.log(`\n✔ Paid Content Hub is up on http://localhost:${appPort}  (chain ${anvil.rpcUrl}, data in ${dataDir})\n  Ctrl-C stops the hub and the chain.\n`);

const shutdown = async () => {
  await server.stop();
  await anvil.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

