// Discovery and event ingestion at scale: GET /hub/explore/content over 100,000 content items (a text
// query, and each sort) and POST /hub/evt, on SQLite and on PostgreSQL. Prints req/s and p50/p99.
// Usage: node bench/explore.mjs [--db sqlite,postgres] [--items 100000] [--duration 10]
//   [--connections 10] [--app-port 3710]. Needs a production build (`next build`); no chain.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { dropDatabase, migrate, resetDatabase } from "../scripts/lib/migrate.mjs";
import { ensurePostgres, TEST_PG_URL } from "../scripts/lib/postgres.mjs";
import { nodeBin, run } from "../scripts/lib/proc.mjs";
import { startServer, stackEnv } from "../scripts/lib/stack.mjs";

const root = new URL("..", import.meta.url).pathname;
const { values: opts } = parseArgs({
  options: {
    db: { type: "string", default: process.env.BENCH_DB ?? "sqlite,postgres" },
    items: { type: "string", default: "100000" },
    duration: { type: "string", default: process.env.BENCH_DURATION ?? "10" },
    connections: { type: "string", default: process.env.BENCH_CONNECTIONS ?? "10" },
    "app-port": { type: "string", default: process.env.BENCH_APP_PORT ?? "3710" },
  },
});
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const items = Number(opts.items);

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("no production build: run `npx next build` first");
  process.exit(2);
}

function load(url, extra = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, timeout: 10, ...extra }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

const fmt = (r) => ({
  "req/s": Math.round(r.requests.average),
  "p50 ms": r.latency.p50,
  "p99 ms": r.latency.p99,
  requests: r.requests.total,
  "non-2xx": r.non2xx,
  errors: r.errors + r.timeouts,
});

async function benchOne(db) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "hub-bench-explore-"));
  let databaseUrl = `file:${path.join(tmp, "hub.db")}`;
  if (db === "postgres") {
    if ((await ensurePostgres()) !== "ready") throw new Error("PostgreSQL is not available");
    databaseUrl = `${TEST_PG_URL}?schema=${process.env.BENCH_PG_SCHEMA ?? "hub_bench_explore"}`;
    await resetDatabase({ databaseUrl });
  }
  const appPort = Number(opts["app-port"]);
  const env = stackEnv({
    dataDir: tmp,
    databaseUrl,
    chainPort: 1, // no chain: discovery and events never touch it
    appPort,
    origin: `http://127.0.0.1:${appPort}`,
    extra: { EVENT_RATE_LIMIT_PER_MINUTE: "1000000", NODE_ENV: "production" },
  });
  let server;
  try {
    await migrate({ databaseUrl });
    console.log(`› ${db}: seeding ${items} content items…`);
    await run(nodeBin, ["--import", "tsx", path.join(root, "bench/lib/explore-seed.ts")], { cwd: root, env: { ...env, ITEMS: String(items) } });
    server = await startServer(env, { quiet: true });
    const base = server.url;

    const phases = [
      ["explore q=\"harbor tide\" (trending)", `${base}/hub/explore/content?q=harbor%20tide`],
      ["explore q=\"harbor tide\" (trending), limit 500", `${base}/hub/explore/content?q=harbor%20tide&limit=500`],
      ["explore sort=trending", `${base}/hub/explore/content?sort=trending`],
      ["explore sort=best-sellers", `${base}/hub/explore/content?sort=best-sellers`],
      ["explore sort=hot-new", `${base}/hub/explore/content?sort=hot-new`],
      ["explore type=music sort=best-sellers", `${base}/hub/explore/content?type=music&sort=best-sellers`],
    ];
    const rows = {};
    for (const [name, url] of phases) {
      const sample = await fetch(url);
      const body = await sample.json();
      if (!sample.ok || !Array.isArray(body.content)) throw new Error(`${name}: ${sample.status} ${JSON.stringify(body).slice(0, 200)}`);
      await load(url, { duration: 2 }); // warm-up
      rows[`${name} [total ${body.total}]`] = fmt(await load(url));
    }

    // Events: resource_view for 1,000 existing items over 50 sites (content update + counters + ledger row each).
    const sites = await (await fetch(`${base}/hub/explore/content?limit=50`)).json();
    const tokens = await siteTokens(databaseUrl, sites.content.map((c) => c.websiteId));
    const bodies = sites.content.map((c) =>
      JSON.stringify({ siteId: c.websiteId, token: tokens.get(c.websiteId), event: "resource_view", url: c.url, resource: { id: c.externalId } }),
    );
    let i = 0;
    const evt = {
      method: "POST",
      headers: { "content-type": "application/json" },
      requests: [{ setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length] }) }],
    };
    await load(`${base}/hub/evt`, { ...evt, duration: 2 });
    rows["POST /hub/evt resource_view"] = fmt(await load(`${base}/hub/evt`, evt));
    console.log(`\n${db}: ${items} content items, ${connections} connections, ${duration} s per row (${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)})`);
    console.table(rows);
  } finally {
    await server?.stop();
    if (db === "postgres") await dropDatabase({ databaseUrl }).catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The verifyToken of each site, read straight from the database (the bench plays the widget). */
async function siteTokens(databaseUrl, ids) {
  const out = new Map();
  if (databaseUrl.startsWith("file:")) {
    const Database = (await import("better-sqlite3")).default;
    const sqlite = new Database(databaseUrl.slice("file:".length), { readonly: true });
    for (const id of ids) out.set(id, sqlite.prepare('SELECT "verifyToken" AS t FROM "Site" WHERE "id" = ?').get(id).t);
    sqlite.close();
    return out;
  }
  const pg = (await import("pg")).default;
  const { describeDatabase, pgPoolConfig } = await import("../scripts/lib/migrate.mjs");
  const client = new pg.Client(pgPoolConfig(describeDatabase(databaseUrl)));
  await client.connect();
  for (const id of ids) out.set(id, (await client.query('SELECT "verifyToken" AS t FROM "Site" WHERE "id" = $1', [id])).rows[0].t);
  await client.end();
  return out;
}

for (const db of opts.db.split(",")) await benchOne(db);
