// Ledger and leaderboards at scale (issue 7): GET /hub/ledger first page, a deep page and a filtered
// page (by skip and by cursor) over --rows activities (default 1,000,000), and the content and creator leaderboards over
// --content items (default 100,000). Prints req/s, p50/p99 and memory per route.
// Usage: node bench/ledger.mjs [--db sqlite|postgres] [--rows 1000000] [--content 100000] [--duration 10] [--rounds 1]
import { bulkFill } from "./lib/bulk-fill.mjs";
import { request } from "./lib/hosts.mjs";
import { benchOptions, combineRounds, ensureBuild, fmt, load, machineLine, printTable, runBenchmark, startHub } from "./lib/harness.mjs";

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
  console.log(`  filled in ${(await bulkFill(hub.databaseUrl, rows, contentItems)).toFixed(1)} s`);
  await hub.restartServer(); // a fresh connection reads the planner statistics the fill left
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
