// Bench data for bench/explore.mjs: ITEMS content items over SITES verified sites, created over the
// last 60 days, with lifetime counters, and a week of daily activity (metrics and trending score) for
// a third of them. Usage (tsx):
//   DATABASE_URL=… ITEMS=100000 node --import tsx bench/lib/explore-seed.ts
import { randomBytes, randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { createDb, describeDatabaseUrl } from "../../lib/db-core";
import { trendIncrement } from "../../lib/explore/trend-score";
import { buildSearchText } from "../../lib/sites/search-text";

const db = createDb(process.env.DATABASE_URL!);
const ITEMS = Number(process.env.ITEMS ?? 100_000);
const SITES = Number(process.env.SITES ?? 500);
const network = process.env.NETWORK_MODE ?? "testnet";
const TYPES = ["article", "music", "video", "image", "document"];
const WORDS = (
  "harbor tide lofi essay zine print sketch album session notes walk city atlas slow software garden river night " +
  "morning paper ink colour studio field recording letter poem story guide recipe map photo film tape synth"
).split(" ");

let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);

const target = describeDatabaseUrl(process.env.DATABASE_URL!);
const sqlite = target.provider === "sqlite" ? new Database(target.filePath) : null;

/**
 * Bulk insert. PostgreSQL: Prisma createMany (one multi-row INSERT). SQLite: prepared statements in
 * one transaction through better-sqlite3 — Prisma's SQLite adapter inserts row by row, which makes
 * 100,000 rows take minutes — writing values the way the adapter stores them (DateTime as
 * "YYYY-MM-DDTHH:MM:SS.mmm+00:00" text, booleans as 0/1).
 */
async function insert(table: "Content" | "DailyMetric", rows: Array<Record<string, unknown>>) {
  if (rows.length === 0) return;
  if (!sqlite) {
    if (table === "Content") await db.content.createMany({ data: rows as never });
    else await db.dailyMetric.createMany({ data: rows as never });
    return;
  }
  const now = new Date();
  const full = rows.map((r) => (table === "Content" ? { imageUrl: "", currency: "USDC", tagsTentative: 0, accessPolicy: "paid", unlockPolicy: "one_time", ratingsCount: 0, ratingSum: 0, updatedAt: now, ...r } : r));
  const cols = Object.keys(full[0]!);
  const stmt = sqlite.prepare(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(",")}) VALUES (${cols.map(() => "?").join(",")})`);
  const value = (v: unknown) => (v instanceof Date ? v.toISOString().replace("Z", "+00:00") : typeof v === "boolean" ? (v ? 1 : 0) : v);
  sqlite.transaction(() => {
    for (const r of full) stmt.run(...cols.map((c) => value(r[c])));
  })();
}

async function main() {
  const t0 = Date.now();
  const owner = `0x${randomBytes(20).toString("hex")}`;
  await db.owner.create({ data: { wallet: owner } });
  const sites = Array.from({ length: SITES }, (_, i) => ({
    id: randomUUID(),
    domain: `bench-${i}.example`,
    name: `${words(2)} ${i}`,
    ownerWallet: owner,
    verifyToken: randomBytes(24).toString("hex"),
    verified: true,
    verificationStatus: "verified",
    verificationSource: "owner-link",
    lastVerifiedAt: new Date(),
  }));
  await db.site.createMany({ data: sites });

  const CHUNK = 2_000;
  for (let start = 0; start < ITEMS; start += CHUNK) {
    const rows = [];
    const metrics = [];
    for (let i = start; i < Math.min(ITEMS, start + CHUNK); i++) {
      const site = sites[i % SITES]!;
      const title = `${words(4)} #${i}`;
      const description = words(12);
      const tags = [pick(WORDS), pick(WORDS)].join(",");
      const id = `c${i.toString(36).padStart(8, "0")}${randomBytes(4).toString("hex")}`;
      const createdAt = new Date(Date.now() - Math.floor(rnd() * 60) * 86_400_000 - Math.floor(rnd() * 86_400_000));
      const views = Math.floor(rnd() * 1000);
      let trendScore = trendIncrement({ created: true }, createdAt);
      if (i % 3 === 0) {
        for (let d = 0; d < 7; d++) {
          const m = { views: Math.floor(rnd() * 50), unlocks: Math.floor(rnd() * 3), ratings: Math.floor(rnd() * 2) };
          metrics.push({ network, siteId: site.id, contentId: id, day: day(d), ...m });
          trendScore += trendIncrement(m, new Date(Date.now() - d * 86_400_000));
        }
      }
      rows.push({
        id, network, siteId: site.id, externalId: `item-${i}`, title, description, contentType: TYPES[i % TYPES.length]!, tags,
        url: `https://${site.domain}/p/${i}`, path: `/p/${i}`, priceAtomic: BigInt(10_000 + (i % 100) * 10_000), recipientWallet: owner,
        searchText: buildSearchText({ title, description, tags, siteName: site.name, domain: site.domain }),
        views, unlocks: Math.floor(views / 20), revenueAtomic: BigInt(Math.floor(views / 20) * 50_000), trendScore, createdAt, lastSeenAt: createdAt,
      });
    }
    await insert("Content", rows);
    await insert("DailyMetric", metrics.map((m) => ({ id: `m${randomBytes(10).toString("hex")}`, payments: 0, revenueAtomic: 0n, ...m })));
  }
  // PostgreSQL plans from table statistics, which autovacuum gathers on a live database some time
  // after a bulk load; gather them now so the benchmark measures the plans production gets.
  if (!sqlite) await db.$executeRawUnsafe("VACUUM ANALYZE");
  sqlite?.close();
  console.log(`seeded ${ITEMS} content items over ${SITES} sites in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await db.$disconnect();
}

main().catch(async (err) => {
  console.error(err);
  await db.$disconnect();
  process.exit(1);
});
