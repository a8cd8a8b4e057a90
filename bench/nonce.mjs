// GET /auth/nonce on the hub against a bare Node `http` server doing the same work (SIWE nonce from
// viem, one LoginNonce INSERT into the same database, the same JSON): req/s, p50/p99, memory, and
// the ratio hub ÷ bare. Usage: node bench/nonce.mjs [--duration 10] [--rounds 3] [--connections 10]
//   [--db sqlite|postgres] [--bare prisma,raw] [--build]; see bench/README.md.
import path from "node:path";
import pg from "pg";
import Database from "better-sqlite3";
import { describeDatabase, pgPoolConfig } from "../scripts/lib/migrate.mjs";
import { benchOptions, combineRounds, ensureBuild, fmt, load, machineLine, printTable, root, runBenchmark, startChild, startHub } from "./lib/harness.mjs";

const BARE_LABEL = {
  prisma: "bare http + Prisma (createDb)",
  raw: `bare http + raw driver`,
};

/** Runs one SQL statement against the benchmark database (count or clear the LoginNonce rows). */
async function sql(databaseUrl, text) {
  const target = describeDatabase(databaseUrl);
  if (target.provider === "sqlite") {
    const sqlite = new Database(target.filePath, { timeout: 5000 });
    try {
      return text.startsWith("SELECT") ? sqlite.prepare(text).get() : sqlite.prepare(text).run();
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client(pgPoolConfig(target));
  await client.connect();
  try {
    return (await client.query(text)).rows[0];
  } finally {
    await client.end();
  }
}
const countNonces = async (url) => Number((await sql(url, 'SELECT COUNT(*) AS n FROM "LoginNonce"')).n);
const clearNonces = (url) => sql(url, 'DELETE FROM "LoginNonce"');

/** Same keys in the same order with the same value types: the bare server must answer what the hub answers. */
function sameShape(a, b) {
  const shape = (o) => Object.entries(o).map(([k, v]) => `${k}:${typeof v}`).join(",");
  return shape(a) === shape(b);
}

async function measure(name, target, opts, databaseUrl) {
  const before = await countNonces(databaseUrl);
  const r = await load({ url: `${target.url}/auth/nonce`, pid: target.pid, ...opts });
  const rows = (await countNonces(databaseUrl)) - before;
  // Every 2xx must have written its row (in-flight requests at the end may add a few more rows).
  const ok2xx = r.requests - r.non2xx;
  if (rows < ok2xx) throw new Error(`${name}: ${ok2xx} nonces answered but only ${rows} rows written`);
  return { name, ...r, rows };
}

await runBenchmark(async () => {
  const opts = benchOptions(process.argv.slice(2), { bare: { type: "string", default: "prisma,raw" } });
  const bares = opts.bare.split(",").filter(Boolean);
  for (const b of bares) if (!BARE_LABEL[b]) throw new Error(`--bare takes prisma and/or raw (got ${b})`);
  const loadOpts = { duration: opts.duration, warmup: opts.warmup, connections: opts.connections, maxRequests: opts.maxRequests };

  await ensureBuild({ force: opts.build });
  const hub = await startHub({ db: opts.db, appPort: opts.appPort, chainPort: opts.chainPort, seed: false });
  // The hub's own answer fixes the terms (and the shape) the bare server must reproduce.
  const sample = await (await fetch(`${hub.url}/auth/nonce`)).json();
  const terms = { domain: sample.domain, uri: sample.uri, chainId: sample.chainId, statement: sample.statement };
  const startBare = async (mode) => {
    const bare = await startChild({
      script: path.join(root, "bench/servers/bare-nonce.mjs"),
      port: opts.barePort,
      readyPath: "/health",
      env: { NODE_ENV: "production", DATABASE_URL: hub.databaseUrl, BARE_DB: mode, BARE_TERMS: JSON.stringify(terms) },
    });
    const answer = await (await fetch(`${bare.url}/auth/nonce`)).json();
    if (!sameShape(answer, sample)) throw new Error(`the bare server answers ${JSON.stringify(answer)}, the hub ${JSON.stringify(sample)}`);
    return bare;
  };

  // Rounds interleave the targets (hub, bare, bare, hub, …) so a neighbour's load on a shared machine
  // hits them alike; the hub idles while a bare server is measured, a bare server runs only for its turn.
  const header = `GET /auth/nonce — ${opts.db}, ${opts.connections} connections, ${opts.rounds} × ${opts.duration} s per target (after ${opts.warmup} s warm-up each)`;
  console.log(`› ${header}; ${machineLine()}`);
  const runs = { hub: [], ...Object.fromEntries(bares.map((b) => [b, []])) };
  for (let round = 1; round <= opts.rounds; round++) {
    await clearNonces(hub.databaseUrl); // every measurement starts on an empty table
    runs.hub.push(await measure("hub", { url: hub.url, pid: hub.serverPid }, loadOpts, hub.databaseUrl));
    for (const mode of bares) {
      await clearNonces(hub.databaseUrl);
      const bare = await startBare(mode);
      try {
        runs[mode].push(await measure(mode, bare, loadOpts, hub.databaseUrl));
      } finally {
        await bare.stop();
      }
    }
    const line = Object.entries(runs).map(([k, v]) => `${k} ${fmt.int(v.at(-1).reqPerSec)}`).join(", ");
    console.log(`  round ${round}/${opts.rounds}: req/s ${line}`);
  }
  await clearNonces(hub.databaseUrl).catch(() => {});

  const results = [
    { name: "hub  (next start)", ...combineRounds(runs.hub) },
    ...bares.map((b) => ({ name: BARE_LABEL[b], ...combineRounds(runs[b]) })),
  ];
  console.log(`\n${header}\n${machineLine()}; medians over the rounds\n`);
  printTable(results);

  const [hubRow, ...bareRows] = results;
  if (bareRows.length) {
    console.log("\nhub ÷ bare (req/s below 1× means the hub serves fewer; latency and memory above 1× mean the hub is slower or bigger)\n");
    printTable(
      bareRows.map((b) => ({ b })),
      [
        { title: "baseline", value: ({ b }) => b.name, align: "left" },
        { title: "req/s", value: ({ b }) => fmt.ratio(hubRow.reqPerSec / b.reqPerSec) },
        { title: "p50", value: ({ b }) => fmt.ratio(hubRow.p50 / b.p50) },
        { title: "p99", value: ({ b }) => fmt.ratio(hubRow.p99 / b.p99) },
        { title: "RSS peak", value: ({ b }) => fmt.ratio(hubRow.rssPeak / b.rssPeak) },
      ],
    );
  }
  const failures = results.filter((r) => r.errors || r.non2xx);
  if (failures.length) {
    console.error(`\n!! ${failures.map((r) => r.name).join(", ")}: errors or non-2xx answers; the figures above are not clean`);
    process.exitCode = 1;
  }
});
