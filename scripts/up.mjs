// `npm start`: install check, build, local chain + contracts, migrate, seed, serve on http://localhost:3000.
// `npm run dev` does the same with `next dev` instead of a production build.
import { existsSync } from "node:fs";
import path from "node:path";
import { seedDemoContent } from "./lib/demo-content.mjs";
import { devAccount, DEV_ROLES } from "./lib/dev-accounts.mjs";
import { exampleSiteHubEnv, exampleSitePort, startExampleSite } from "./lib/example-site.mjs";
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
const env = stackEnv({ dataDir, databaseUrl, chainPort, appPort, origin: process.env.HUB_ORIGIN, extra: { ...contractEnv(deployment), ...exampleSiteHubEnv({ port: exampleSitePort(appPort) }) } });

console.log("› migrating and seeding demo data…");
await migrateAndSeed(env);

if (!dev) {
  console.log("› building the app (next build)…");
  await run(bin("next"), ["build"], { cwd: root, env: { ...env, NODE_ENV: "production" } });
}
const server = await startServer(env, { dev });
const hubOrigin = env.HUB_ORIGIN;

console.log("› seeding the demo blog and shares through the API…");
let demo = null;
try {
  demo = await seedDemoContent({ hubUrl: server.url, creatorKey: devAccount(DEV_ROLES.creators[0]).privateKey });
} catch (err) {
  console.warn(`  (demo blog and shares skipped: ${err.message})`);
}

console.log("› starting the example creator site (examples/express-site) and registering it through the API…");
const shop = await startExampleSite({ hubUrl: server.url, publicHubUrl: hubOrigin, creatorKey: devAccount(DEV_ROLES.creators[0]).privateKey, port: exampleSitePort(appPort) })
  .catch((err) => console.warn(`  (example creator site skipped: ${err.message})`));

const line = (label, value) => `  ${label.padEnd(14)} ${value}`;
const readers = DEV_ROLES.payers.map(devAccount);
console.log(
  [
    "",
    `✔ Paid Content Hub is up on ${hubOrigin}  (chain ${anvil.rpcUrl}, data in ${dataDir})`,
    "",
    line("hub", hubOrigin),
    line("explore", `${hubOrigin}/explore`),
    ...(demo
      ? [
          line("demo blog", demo.blog.origin),
          line("blog editor", `${demo.blog.admin}  (sign in with the Demo creator wallet)`),
          ...demo.posts.map((p) => line(p.price === "0" ? "  free post" : `  ${p.price} USDC`, p.url)),
          line("free share", demo.shares[0]?.url ?? "-"),
          line("paid share", `${demo.shares[1]?.url ?? "-"}  (${demo.shares[1]?.price ?? "?"} USDC)`),
        ]
      : []),
    ...(shop ? [line("creator site", `${shop.paid}  (its own server, selling through this hub: pay with the Demo reader)`)] : []),
    "",
    "  Demo wallets (anvil's PUBLIC keys, funded with test USDC on this local chain only):",
    "  in the browser pick \"Demo reader\" or \"Demo creator\" in the wallet list; no extension needed.",
    line("Demo reader", `${readers[0].address}  key ${readers[0].privateKey}`),
    line("Demo creator", `${devAccount(DEV_ROLES.creators[0]).address}  key ${devAccount(DEV_ROLES.creators[0]).privateKey}`),
    ...readers.slice(1).map((a, i) => line(`payer ${i + 2}`, `${a.address}  key ${a.privateKey}`)),
    "",
    "  Ctrl-C stops the hub, the example site and the chain.",
    "",
  ].join("\n"),
);

const shutdown = async () => {
  await shop?.stop();
  await server.stop();
  await anvil.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

