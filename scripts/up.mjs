// `npm start`: install check, configuration check, local chain + contracts, migrate, seed, build,
// serve on http://localhost:3000, banner. `npm run dev` does the same with `next dev` instead of a
// production build; `npm start -- --no-build` reuses the last build.
//
// Nothing outlives this command: every child (anvil, the builder, the seed, the server) is
// registered with ./lib/children.mjs and stopped on Ctrl-C, SIGTERM, SIGHUP and on any failure, at
// any stage. Start a new child with spawnChild()/run() (or register a stop step with onStop()) and it
// is stopped with the rest.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isAlive as anvilAlive, readPid as anvilPid, stopAnvil } from "./lib/anvil.mjs";
import { bannerLine as line, printBanner } from "./lib/banner.mjs";
import { exitAfterStopping, liveChildren, onStop, ownChildren, stopping } from "./lib/children.mjs";
import { configProblems } from "./lib/config.mjs";
import { seedDemoContent } from "./lib/demo-content.mjs";
import { devAccount, DEV_ROLES } from "./lib/dev-accounts.mjs";
import { exampleSiteHubEnv, exampleSitePort, startExampleSite } from "./lib/example-site.mjs";
import { hubDatabaseUrl } from "./lib/migrate.mjs";
import { commandOf, describeHolder, portHolder, portInUse } from "./lib/ports.mjs";
import { bin, nodeBin, run } from "./lib/proc.mjs";
import { contractEnv, migrateAndSeed, stackEnv, startChain, startServer } from "./lib/stack.mjs";

const root = new URL("..", import.meta.url).pathname;
const dev = process.argv.includes("--dev");
const build = !dev && !process.argv.includes("--no-build");

class StartError extends Error {}

ownChildren({
  onSignal: (sig) => {
    const what = liveChildren();
    console.log(`\n› ${sig}: stopping${what.length ? ` ${[...what].reverse().join(", ")}` : ""}…`);
  },
});

try {
  await start();
} catch (err) {
  // An expected refusal is said in words; anything else keeps its stack for a bug report.
  console.error(`\n✘ ${err instanceof StartError ? err.message : (err.stack ?? err)}`);
  if (liveChildren().length) console.error(`  stopping ${[...liveChildren()].reverse().join(", ")}…`);
  await exitAfterStopping(1);
}

async function start() {
  if (!existsSync(path.join(root, "node_modules/.bin/next"))) {
    console.log("› installing dependencies (npm install)…");
    await run("npm", ["install", "--no-audit", "--no-fund"], { cwd: root, name: "npm install" });
  }

  // 1. The configuration, whole, before anything is built or started.
  await checkConfig(process.env);
  const appPort = Number(process.env.PORT ?? 3000);
  const chainPort = Number(process.env.CHAIN_PORT ?? 8545);
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, "data"));
  const databaseUrl = hubDatabaseUrl({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir });
  const baseEnv = stackEnv({ dataDir, databaseUrl, chainPort, appPort, origin: process.env.HUB_ORIGIN });
  await checkConfig(baseEnv);

  // 2. Both ports free (a second start, or a previous one that left something behind, is named).
  await checkPorts({ appPort, chainPort, dataDir });
  const distDir = path.join(root, process.env.HUB_NEXT_DIST_DIR || ".next");
  if (!dev && !build && !existsSync(path.join(distDir, "BUILD_ID")))
    throw new StartError(`--no-build: there is no build to reuse in ${distDir}; run npm start without --no-build once`);

  if (clientsCurrent()) console.log("› the database clients are up to date");
  else {
    console.log("› generating the database clients…");
    await run(nodeBin, [path.join(root, "scripts/db-generate.mjs")], { cwd: root, name: "the database client generator" });
  }

  console.log(`› starting the local chain on 127.0.0.1:${chainPort} and deploying contracts…`);
  const { anvil, deployment } = await startChain({
    dataDir,
    chainPort,
    onSpawn: (pid) => onStop(`the chain (anvil, pid ${pid})`, () => stopAnvilPid(pid, chainPort, dataDir), () => process.kill(pid, "SIGKILL")),
  });
  // The example creator site (examples/express-site) is reached by the hub's site fetcher on loopback.
  const env = { ...baseEnv, ...contractEnv(deployment), ...exampleSiteHubEnv({ port: exampleSitePort(appPort) }) };

  console.log("› migrating and seeding demo data…");
  await migrateAndSeed(env);

  if (build) {
    console.log("› building the app (next build)…");
    await run(bin("next"), ["build"], { cwd: root, env: { ...env, NODE_ENV: "production" }, name: "the build (next build)" });
  } else if (!dev) console.log(`› reusing the last build (${path.relative(root, distDir)})`);

  console.log(`› starting the hub on port ${appPort} and waiting until it is ready…`);
  const server = await startServer(env, { dev, readyPath: "/health/ready", timeoutMs: dev ? 300_000 : 120_000 });
  // The hub stopping on its own (a crash, a kill) ends the start command too, with the chain.
  server.child.once("exit", (code, signal) => {
    if (stopping()) return;
    console.error(`\n✘ the hub exited (${code ?? signal}); stopping the chain`);
    void exitAfterStopping(1);
  });

  console.log("› seeding the demo blog and shares through the API…");
  let demo = null;
  try {
    demo = await seedDemoContent({ hubUrl: server.url, creatorKey: devAccount(DEV_ROLES.creators[0]).privateKey });
  } catch (err) {
    console.warn(`  (demo blog and shares skipped: ${err.message})`);
  }

  const hubOrigin = env.HUB_ORIGIN;
  console.log("› starting the example creator site (examples/express-site) and registering it through the API…");
  const shop = await startExampleSite({ hubUrl: server.url, publicHubUrl: hubOrigin, creatorKey: devAccount(DEV_ROLES.creators[0]).privateKey, port: exampleSitePort(appPort) })
    .catch((err) => console.warn(`  (example creator site skipped: ${err.message})`));

  const readers = DEV_ROLES.payers.map(devAccount);
  const creator = devAccount(DEV_ROLES.creators[0]);
  printBanner(`Paid Content Hub is up on ${hubOrigin}  (chain ${anvil.rpcUrl}, data in ${dataDir})`, [
    line("hub", hubOrigin),
    line("explore", `${hubOrigin}/explore`),
    line("health", `${hubOrigin}/health  (ready: ${hubOrigin}/health/ready)`),
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
    line("Demo creator", `${creator.address}  key ${creator.privateKey}`),
    ...readers.slice(1).map((a, i) => line(`payer ${i + 2}`, `${a.address}  key ${a.privateKey}`)),
    "",
    `  Logs: ${process.stdout.isTTY ? "readable lines here, requests summed up once a minute (LOG_LEVEL=debug shows each; LOG_FORMAT=json for JSON lines)" : "JSON lines (LOG_FORMAT=pretty for readable ones)"}.`,
    "  Ctrl-C stops the hub, the example site and the chain.",
  ]);
}

/** Whether both generated Prisma clients are newer than the schema, the generator and the installed Prisma. */
function clientsCurrent() {
  const mtime = (f) => (existsSync(f) ? statSync(f).mtimeMs : undefined);
  const generated = ["lib/generated/sqlite/client.ts", "lib/generated/postgres/client.ts"].map((f) => mtime(path.join(root, f)));
  const sources = ["prisma/schema.prisma", "scripts/db-generate.mjs", "node_modules/prisma/package.json", "node_modules/@prisma/client/package.json"].map((f) => mtime(path.join(root, f)) ?? Infinity);
  return generated.every((t) => t !== undefined && t > Math.max(...sources));
}

/** Exits 1 with every problem named when `source` is not a valid configuration. */
async function checkConfig(source) {
  const checked = await configProblems(source);
  if (checked?.problems.length) throw new StartError(`${checked.message}\nNothing was started.`);
}

/** Refuses to start over a port in use, naming its holder and what to do. */
async function checkPorts({ appPort, chainPort, dataDir }) {
  const problems = [];
  if (await portInUse(chainPort)) {
    const pid = anvilPid(dataDir, chainPort);
    const ours = pid && anvilAlive(pid) && portHolder(chainPort)?.pid === pid;
    if (ours) {
      const owner = startCommandOf(parentOf(pid));
      problems.push(
        owner
          ? `the chain port ${chainPort} is held by anvil (pid ${pid}) of another start command still running with this data directory (pid ${owner.pid}: ${owner.command}). Stop that one first (Ctrl-C in its terminal, or kill ${owner.pid}).`
          : `the chain's data directory ${dataDir} holds a running anvil (pid ${pid}, port ${chainPort}) that an earlier start left behind. Stop it: kill ${pid}  (or: npm run chain -- --stop --port ${chainPort} --data-dir ${dataDir}).`,
      );
    } else {
      problems.push(`the chain port ${chainPort} is in use by ${describeHolder(chainPort)}. Stop that process, or choose another port: CHAIN_PORT=${chainPort + 1} npm start.`);
    }
  }
  if (await portInUse(appPort)) {
    problems.push(`the hub's port ${appPort} is in use by ${describeHolder(appPort)}. Stop that process, or choose another port: PORT=${appPort + 1} npm start.`);
  }
  if (problems.length) throw new StartError(`Cannot start:\n${problems.map((p) => `  ${p}`).join("\n")}\nNothing was started.`);
  // An anvil of an earlier start on another port does not stop this one, but it is worth knowing.
  for (const file of existsSync(dataDir) ? readdirSync(dataDir) : []) {
    const port = Number(/^anvil-(\d+)\.pid$/.exec(file)?.[1]);
    const pid = port && port !== chainPort ? anvilPid(dataDir, port) : undefined;
    if (pid && anvilAlive(pid))
      console.warn(`! the data directory ${dataDir} also holds a running anvil (pid ${pid}, port ${port}) of an earlier start; stop it if it is not yours to keep: kill ${pid}`);
  }
}

/** The parent PID of `pid` (Linux), to tell a running start command's anvil from an orphan. */
function parentOf(pid) {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ')'.
    return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ")[1]);
  } catch {
    return undefined;
  }
}

function startCommandOf(pid) {
  const command = pid && pid > 1 ? commandOf(pid) : undefined;
  return command && /scripts\/up\.mjs/.test(command) ? { pid, command } : undefined;
}

/** Stops the anvil this command started (by its PID file, written the moment it was spawned). */
async function stopAnvilPid(pid, port, dataDir) {
  if (anvilPid(dataDir, port) === pid) return stopAnvil({ port, dataDir });
  if (anvilAlive(pid)) process.kill(pid, "SIGTERM");
}
