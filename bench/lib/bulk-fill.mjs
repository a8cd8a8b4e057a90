// Bulk rows for the read benchmarks (ledger.mjs, reads.mjs): ledger activities and content items written
// straight into the database, past the app's writers (the routes under test only read them). Content is
// spread over the seeded sites, over 60 days of creation times, with search text and trending weight.
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import { describeDatabase, pgPoolConfig } from "../../scripts/lib/migrate.mjs";

const KINDS = [
  ["view", null, 0n], ["view", null, 0n], ["view", null, 0n], ["unlock", null, 0n], ["payment", null, 250_000n],
  ["rating", null, 0n], ["tip", "settled", 1_000_000n], ["quickshare", "view", 0n], ["quickshare", "unlock", 50_000n],
];
const DOMAINS = ["quiet-letters.example", "lofi-harbor.example", "pixel-press.example", "bench-a.example", "bench-b.example"];
const TYPES = ["article", "music", "video", "image", "document"];
// Search words: "harbor" in 1 item of 5, "tide" in 1 of 7, so `q=harbor tide` matches 1 item of 35.
const WORDS_A = ["harbor", "meadow", "signal", "copper", "lantern"];
const WORDS_B = ["tide", "ember", "orbit", "quartz", "willow", "falcon", "ridge"];
const DAY_MS = 86_400_000;
const id = () => `b${randomBytes(12).toString("hex")}`;
const iso = (ms) => new Date(ms).toISOString().replace("Z", "+00:00"); // Prisma's SQLite DateTime text

/** Figures of content item i: deterministic, varied, a third with trending weight. */
export function contentFigures(i, now = Date.now()) {
  const n = (i * 7919) % 1000;
  return {
    type: TYPES[i % TYPES.length],
    searchText: `bench item ${i} ${WORDS_A[i % WORDS_A.length]} ${WORDS_B[i % WORDS_B.length]}`,
    views: n * 3, unlocks: n, revenueAtomic: BigInt(n) * 10_000n, ratingsCount: n % 13, ratingSum: (n % 13) * 35,
    trendScore: i % 3 === 0 ? n * 1.5 : 0,
    createdAt: now - (i % 60) * DAY_MS - (i % 1000) * 1000,
  };
}

// Bulk rows bypass the app's writer: rebuild the running totals the way the migration backfills them.
const REBUILD_TOTALS = (t) => `DELETE FROM ${t}"LedgerTotal";
  INSERT INTO ${t}"LedgerTotal" ("id", "network", "type", "subkind", "count", "amountAtomic", "protocolFeeAtomic")
  SELECT "network" || ':' || "type" || ':' || COALESCE("subkind", ''), "network", "type", COALESCE("subkind", ''),
         COUNT(*), COALESCE(SUM("amountAtomic"), 0), COALESCE(SUM("protocolFeeAtomic"), 0)
  FROM ${t}"LedgerActivity" GROUP BY "network", "type", COALESCE("subkind", '')`;

/** Inserts `rows` activities and `contentItems` content items; returns the seconds it took. */
export async function bulkFill(databaseUrl, rows, contentItems) {
  const target = describeDatabase(databaseUrl);
  const t0 = Date.now();
  const now = Date.now();
  if (target.provider === "sqlite") {
    const db = new Database(target.filePath, { timeout: 10_000 });
    db.pragma("journal_mode = WAL");
    const siteIds = db.prepare('SELECT id FROM "Site"').all().map((r) => r.id);
    const act = db.prepare('INSERT INTO "LedgerActivity" (id, network, type, subkind, domain, "timestamp", "amountAtomic", "revenueAtomic", currency, "payerWallet") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (let i = 0; i < rows; i++) {
        const [type, subkind, amount] = KINDS[i % KINDS.length];
        act.run(id(), "testnet", type, subkind, DOMAINS[i % DOMAINS.length], iso(now - i * 1000), amount, amount, "USDC", "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65");
      }
    })();
    const content = db.prepare('INSERT INTO "Content" (id, network, "siteId", "externalId", title, "contentType", url, "priceAtomic", views, unlocks, "revenueAtomic", "ratingsCount", "ratingSum", "searchText", "trendScore", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (let i = 0; i < contentItems; i++) {
        const f = contentFigures(i, now);
        content.run(id(), "testnet", siteIds[i % siteIds.length], `bench-${i}`, `Bench item ${i}`, f.type, `https://bench.example/${i}`, 10_000, f.views, f.unlocks, f.revenueAtomic, f.ratingsCount, f.ratingSum, f.searchText, f.trendScore, iso(f.createdAt), iso(now));
      }
    })();
    db.exec(REBUILD_TOTALS(""));
    // What the hub's hourly PRAGMA optimize does once the rows are there (lib/db-core.ts: row counts within
    // its analysis limit, no STAT4 samples), as autovacuum's ANALYZE on PostgreSQL.
    db.exec("PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002");
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
    // The same figures as contentFigures(i), in SQL.
    await client.query(`INSERT INTO ${s}."Content" (id, network, "siteId", "externalId", title, "contentType", url, "priceAtomic", views, unlocks, "revenueAtomic", "ratingsCount", "ratingSum", "searchText", "trendScore", "createdAt", "updatedAt")
      SELECT 'c' || g, 'testnet', (SELECT id FROM ${s}."Site" ORDER BY id LIMIT 1 OFFSET g % (SELECT COUNT(*) FROM ${s}."Site")), 'bench-' || g, 'Bench item ' || g,
        (ARRAY[${TYPES.map((t) => `'${t}'`).join(",")}])[1 + g % 5], 'https://bench.example/' || g, 10000,
        ((g * 7919) % 1000) * 3, (g * 7919) % 1000, ((g * 7919) % 1000) * 10000, ((g * 7919) % 1000) % 13, (((g * 7919) % 1000) % 13) * 35,
        'bench item ' || g || ' ' || (ARRAY[${WORDS_A.map((w) => `'${w}'`).join(",")}])[1 + g % 5] || ' ' || (ARRAY[${WORDS_B.map((w) => `'${w}'`).join(",")}])[1 + g % 7],
        CASE WHEN g % 3 = 0 THEN ((g * 7919) % 1000) * 1.5 ELSE 0 END,
        now() - make_interval(days => g % 60, secs => g % 1000), now()
      FROM generate_series(0, $1 - 1) g`, [contentItems]);
    await client.query(REBUILD_TOTALS(`${s}.`));
    await client.end();
    await settle(databaseUrl);
  }
  return (Date.now() - t0) / 1000;
}

/**
 * PostgreSQL: what autovacuum does after bulk writes — statistics, the visibility map that lets a
 * count read an index only (without it explore's count read every heap page: 27–40 ms instead of 9),
 * and the dead row versions removed. Every table of the schema, not only the two filled: the triggers
 * rewrite the ContentCount rows for every item inserted, and left unvacuumed their 20 live rows sat
 * among 21,500 dead versions that explore's total, the content board and the stats read through on
 * every request (at 100,000 items explore 359 → 847 req/s once vacuumed; bench/README.md, session 65).
 * Not left to autovacuum: it may be off (it is off on the build machine) or not have run yet when the
 * rounds start. Call it again after the hub rewrites the rows (the first board read scores every item).
 */
export async function settle(databaseUrl) {
  const target = describeDatabase(databaseUrl);
  if (target.provider !== "postgres") return;
  const client = new pg.Client(pgPoolConfig(target));
  await client.connect();
  const { rows } = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename", [target.pgSchema]);
  for (const { tablename } of rows) await client.query(`VACUUM ANALYZE "${target.pgSchema}"."${tablename}"`);
  await client.end();
}
