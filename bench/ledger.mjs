// Ledger and leaderboards at scale (issue 7): GET /hub/ledger first page, a deep page and a filtered
// page (by skip and by cursor) over --rows activities (default 1,000,000), and the content and creator leaderboards over
// --content items (default 100,000). Prints req/s, p50/p99 and memory per route.
// Usage: node bench/ledger.mjs [--db sqlite|postgres] [--rows 1000000] [--content 100000] [--duration 10] [--rounds 1]
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import { describeDatabase, pgPoolConfig } from "../scripts/lib/migrate.mjs";
import { request } from "./lib/hosts.mjs";
import { benchOptions, combineRounds, ensureBuild, fmt, load, machineLine, printTable, runBenchmark, startHub } from "./lib/harness.mjs";

const KINDS = [
  ["view", null, 0n], ["view", null, 0n], ["view", null, 0n], ["unlock", null, 0n], ["payment", null, 250_000n],
  ["rating", null, 0n], ["tip", "settled", 1_000_000n], ["quickshare", "view", 0n], ["quickshare", "unlock", 50_000n],
];
const DOMAINS = ["quiet-letters.example", "lofi-harbor.example", "pixel-press.example", "bench-a.example", "bench-b.example"];
const id = () => `b${randomBytes(12).toString("hex")}`;
const iso = (ms) => new Date(ms).toISOString().replace("Z", "+00:00"); // Prisma's SQLite DateTime text


// Bulk rows bypass the app's writer: rebuild the running totals the way the migration backfills them.
const REBUILD_TOTALS = (t) => `DELETE FROM ${t}"LedgerTotal";
  INSERT INTO ${t}"LedgerTotal" ("id", "network", "type", "subkind", "count", "amountAtomic", "protocolFeeAtomic")
  SELECT "network" || ':' || "type" || ':' || COALESCE("subkind", ''), "network", "type", COALESCE("subkind", ''),
         COUNT(*), COALESCE(SUM("amountAtomic"), 0), COALESCE(SUM("protocolFeeAtomic"), 0)
  FROM ${t}"LedgerActivity" GROUP BY "network", "type", COALESCE("subkind", '')`;

/** Bulk-inserts activities and content straight into the database (the API under test only reads them). */
async function fill(databaseUrl, rows, contentItems) {
  const target = describeDatabase(databaseUrl);
  const t0 = Date.now();
  if (target.provider === "sqlite") {
    const db = new Database(target.filePath, { timeout: 10_000 });
    db.pragma("journal_mode = WAL");
    const siteIds = db.prepare('SELECT id FROM "Site"').all().map((r) => r.id);
    const act = db.prepare('INSERT INTO "LedgerActivity" (id, network, type, subkind, domain, "timestamp", "amountAtomic", "revenueAtomic", currency, "payerWallet") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const now = Date.now();
    db.transaction(() => {
      for (let i = 0; i < rows; i++) {
        const [type, subkind, amount] = KINDS[i % KINDS.length];
        act.run(id(), "testnet", type, subkind, DOMAINS[i % DOMAINS.length], iso(now - i * 1000), amount, amount, "USDC", "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65");
      }
    })();
    const content = db.prepare('INSERT INTO "Content" (id, network, "siteId", "externalId", title, "contentType", url, "priceAtomic", views, unlocks, "revenueAtomic", "ratingsCount", "ratingSum", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (let i = 0; i < contentItems; i++) {
        const n = (i * 7919) % 1000;
        content.run(id(), "testnet", siteIds[i % siteIds.length], `bench-${i}`, `Bench item ${i}`, "article", `https://bench.example/${i}`, 10_000, n * 3, n, BigInt(n) * 10_000n, n % 13, (n % 13) * 35, iso(now), iso(now));
      }
    })();
    db.exec(REBUILD_TOTALS(""));
    db.close();
  } else {
    const client = new pg.Client(pgPoolConfig(target));
    await client.connect();
    const s = `"${target.pgSchema}"`;
    await client.query(`INSERT INTO ${s}."LedgerActivity" (id, network, type, subkind, domain, "timestamp", "amountAtomic", "revenueAtomic", currency, "payerWallet")
      SELECT 'b' || g, 'testnet', (ARRAY['view','view','view','unlock','payment','rating','tip','quickshare','quickshare'])[1 + g % 9],
        (ARRAY[NULL,NULL,NULL,NULL,NULL,NULL,'settled','view','unlock'])[1 + g % 9], (ARRAY[${DOMAINS.map((d) => `'${d}'`).join(",")}])[1 + g % 5],
        now() - make_interval(secs => g), (ARRAY[0,0,0,0,250000,0,1000000,0,50000])[1 + g % 9], (ARRAY[0,0,0,0,250000,0,1000000,0,50000])[1 + g % 9], 'USDC', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
      FROM generate_series(1, $1) g`, [rows]);
    await client.query(`INSERT INTO ${s}."Content" (id, network, "siteId", "externalId", title, "contentType", url, "priceAtomic", views, unlocks, "revenueAtomic", "ratingsCount", "ratingSum", "createdAt", "updatedAt")
      SELECT 'c' || g, 'testnet', (SELECT id FROM ${s}."Site" ORDER BY id LIMIT 1 OFFSET g % 3), 'bench-' || g, 'Bench item ' || g, 'article', 'https://bench.example/' || g, 10000,
        ((g * 7919) % 1000) * 3, (g * 7919) % 1000, ((g * 7919) % 1000) * 10000, ((g * 7919) % 1000) % 13, (((g * 7919) % 1000) % 13) * 35, now(), now()
      FROM generate_series(1, $1) g`, [contentItems]);
    await client.query(REBUILD_TOTALS(`${s}.`));
    await client.query(`ANALYZE ${s}."LedgerActivity"; ANALYZE ${s}."Content"`);
    await client.end();
  }
  return (Date.now() - t0) / 1000;
}

await runBenchmark(async () => {
  const opts = benchOptions(process.argv.slice(2), {
    rows: { type: "string", default: process.env.BENCH_LEDGER_ROWS ?? "1000000" },
    content: { type: "string", default: process.env.BENCH_CONTENT_ITEMS ?? "100000" },
  });
  const rows = Math.min(5_000_000, Math.max(1, Number(opts.rows)));
  const contentItems = Math.min(1_000_000, Math.max(1, Number(opts.content)));
  await ensureBuild({ force: opts.build });
  const hub = await startHub({ db: opts.db, appPort: opts.appPort, chainPort: opts.chainPort, seed: true });
  console.log(`› inserting ${fmt.int(rows)} ledger activities and ${fmt.int(contentItems)} content items…`);
  console.log(`  filled in ${(await fill(hub.databaseUrl, rows, contentItems)).toFixed(1)} s`);
  // The first leaderboard read scores every new item once; do it before measuring steady state.
  const t0 = Date.now();
  await request(Number(opts.appPort), `127.0.0.1:${opts.appPort}`, "/hub/reputation/leaderboards?type=content"); // no client timeout: it may take minutes
  console.log(`  first content leaderboard read (scores ${fmt.int(contentItems)} new items): ${Date.now() - t0} ms`);

  // The same deep page by cursor: the nextCursor of the row just before it.
  const deep = Math.max(0, rows - 100);
  const before = (await request(Number(opts.appPort), `127.0.0.1:${opts.appPort}`, `/hub/ledger?limit=1&skip=${Math.max(0, deep - 1)}`)).json; // one slow read by skip
  if (!before.nextCursor) throw new Error("no nextCursor for the deep page");
  const routes = [
    ["ledger, first page", "/hub/ledger?limit=50"],
    ["ledger, deep page (cursor)", `/hub/ledger?limit=50&cursor=${before.nextCursor}`],
    ["ledger, filtered page", "/hub/ledger?limit=50&type=payments&domain=pixel-press.example&skip=500"],
    ["stats", "/hub/stats"],
    ["leaderboard, content", "/hub/reputation/leaderboards?type=content&limit=20"],
    ["leaderboard, creators", "/hub/reputation/leaderboards?type=creators&limit=20"],
    // Last: on SQLite's one connection, the slow requests still queued when its run ends would be
    // served during the next target's run.
    ["ledger, deep page (skip)", `/hub/ledger?limit=50&skip=${deep}`],
  ];
  const header = `${fmt.int(rows)} activities, ${fmt.int(contentItems)} content items — ${opts.db}, ${opts.connections} connections, ${opts.rounds} × ${opts.duration} s`;
  console.log(`› ${header}; ${machineLine()}`);
  const results = [];
  for (const [name, path] of routes) {
    const runs = [];
    for (let r = 0; r < opts.rounds; r++) runs.push(await load({ url: `${hub.url}${path}`, pid: hub.serverPid, duration: opts.duration, warmup: opts.warmup, connections: opts.connections, maxRequests: opts.maxRequests }));
    results.push({ name, ...combineRounds(runs) });
    console.log(`  ${name}: ${fmt.int(results.at(-1).reqPerSec)} req/s`);
  }
  console.log(`\n${header}\n${machineLine()}\n`);
  printTable(results);
  if (results.some((r) => r.errors || r.non2xx)) throw new Error("some requests failed");
});
