// Widget events under load (POST /hub/evt): every page a creator's site serves sends one, so it is the
// hub's most frequent write. Each round loads the floor (GET /hub/widget.js) and then:
//   1. page_view for the seeded sites' pages (site check, a site's daily counter, the event row),
//   2. resource_view for the seeded items (also the item's views and trending score, its daily counter
//      and a ledger view row),
// in turn across the seeded sites, with their public site keys as the widget sends them. The table gives
// req/s, the ratio to the same round's floor, p50/p99 and memory; afterwards the rows written are checked
// against the 200s (one WidgetEvent each, and the daily counters add up to the views counted).
// Usage: node bench/events.mjs [--db sqlite|postgres] [--rounds 2] [--duration 5] [--connections 10]; see bench/README.md.
import { benchOptions, combineRounds, ensureBuild, fmt, load, loadColumns, machineLine, printTable, runBenchmark, sqlRows, startHub } from "./lib/harness.mjs";

await runBenchmark(async () => {
  const opts = benchOptions(process.argv.slice(2), {});
  const timing = { duration: opts.duration, warmup: opts.warmup, connections: opts.connections };
  await ensureBuild({ force: opts.build });
  // The per-site event limit (600 a minute by default) would answer most of the load with 429.
  const hub = await startHub({ db: opts.db, appPort: opts.appPort, chainPort: opts.chainPort, env: { EVENT_RATE_LIMIT_PER_MINUTE: "1000000" } });
  const q = (sql) => (opts.db === "sqlite" ? sql : sql.replace(/\?/g, (_, i, s) => `$${s.slice(0, i).split("?").length}`));

  const listed = (await (await fetch(`${hub.url}/hub/explore/content?limit=50`)).json()).content;
  if (listed.length === 0) throw new Error("no seeded content to send widget events for");
  const keys = new Map();
  for (const id of new Set(listed.map((c) => c.websiteId))) keys.set(id, (await sqlRows(hub.databaseUrl, q('SELECT "siteKey" AS k FROM "Site" WHERE "id" = ?'), [id]))[0].k);
  const bodies = {
    page_view: listed.map((c) => JSON.stringify({ siteId: c.websiteId, token: keys.get(c.websiteId), event: "page_view", url: c.url })),
    resource_view: listed.map((c) => JSON.stringify({ siteId: c.websiteId, token: keys.get(c.websiteId), event: "resource_view", url: c.url, resource: { id: c.externalId } })),
  };
  const eventLoad = (kind) => {
    let i = 0;
    const requests = [{ setupRequest: (req) => ({ ...req, body: bodies[kind][i++ % bodies[kind].length] }) }];
    return load({ url: `${hub.url}/hub/evt`, method: "POST", headers: { "content-type": "application/json" }, expect: 200, pid: hub.serverPid, ...timing, warm: { requests }, run: { requests } });
  };
  const counts = async () => {
    const [events] = await sqlRows(hub.databaseUrl, 'SELECT COUNT(*) AS n FROM "WidgetEvent"');
    const [views] = await sqlRows(hub.databaseUrl, `SELECT COALESCE(SUM("views"), 0) AS site, (SELECT COALESCE(SUM("views"), 0) FROM "DailyMetric" WHERE "contentId" <> '') AS content FROM "DailyMetric" WHERE "contentId" = ''`);
    const [items] = await sqlRows(hub.databaseUrl, 'SELECT COALESCE(SUM("views"), 0) AS n FROM "Content"');
    return { events: Number(events.n), siteViews: Number(views.site), contentViews: Number(views.content), itemViews: Number(items.n) };
  };

  const header = `Widget events — ${opts.db}, ${opts.connections} connections, ${opts.duration} s per target, ${opts.rounds} round(s)`;
  console.log(`› ${header}; ${machineLine()}`);
  const before = await counts();
  const runs = { floor: [], page_view: [], resource_view: [] };
  const ratios = { page_view: [], resource_view: [] };
  for (let round = 1; round <= opts.rounds; round++) {
    const floor = await load({ url: `${hub.url}/hub/widget.js`, pid: hub.serverPid, ...timing });
    runs.floor.push(floor);
    for (const kind of ["page_view", "resource_view"]) {
      const r = await eventLoad(kind);
      runs[kind].push(r);
      ratios[kind].push(r.reqPerSec / floor.reqPerSec);
    }
    console.log(`  round ${round}/${opts.rounds}: floor ${fmt.int(floor.reqPerSec)} req/s; page_view ${fmt.int(runs.page_view.at(-1).reqPerSec)}, resource_view ${fmt.int(runs.resource_view.at(-1).reqPerSec)}`);
  }
  // Views are counted in the request; let the last answers' writes finish before reading the books.
  await new Promise((r) => setTimeout(r, 1_500));
  const after = await counts();

  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const results = [
    { name: "floor — GET /hub/widget.js", ...combineRounds(runs.floor), ratio: 1 },
    { name: "POST /hub/evt page_view", ...combineRounds(runs.page_view), ratio: median(ratios.page_view) },
    { name: "POST /hub/evt resource_view", ...combineRounds(runs.resource_view), ratio: median(ratios.resource_view) },
  ];
  const columns = loadColumns();
  columns.splice(2, 0, { title: "÷ floor", value: (r) => fmt.ratio(r.ratio) });
  console.log(`\n${header}\n${machineLine()}\n`);
  printTable(results, columns);

  // Every 200 (warm-ups included) one event row; page views on the sites' daily rows, resource views on
  // the items' and their daily rows. autocannon stops counting with requests still in flight (up to one a
  // connection at the end of each warm-up and run), which the hub completes: up to that many more rows.
  const ok = (kind) => runs[kind].reduce((n, r) => n + r.good + r.warmGood, 0);
  const pages = ok("page_view");
  const resources = ok("resource_view");
  const inFlight = opts.connections * 2 * opts.rounds; // per kind
  const within = (rows, answered, slack) => rows >= answered && rows <= answered + slack;
  const books = [
    [`every 200 one WidgetEvent (${pages} page_view + ${resources} resource_view answered; ${after.events - before.events} rows, ≤ ${2 * inFlight} left in flight)`, within(after.events - before.events, pages + resources, 2 * inFlight)],
    [`sites' daily views +${after.siteViews - before.siteViews} for ${pages} page views answered`, within(after.siteViews - before.siteViews, pages, inFlight)],
    [`items' daily views +${after.contentViews - before.contentViews}, items' views +${after.itemViews - before.itemViews}, for ${resources} resource views answered`, after.contentViews - before.contentViews === after.itemViews - before.itemViews && within(after.itemViews - before.itemViews, resources, inFlight)],
  ];
  console.log("");
  for (const [what, good] of books) console.log(`${good ? "ok  " : "FAIL"} ${what}`);
  if (books.some(([, good]) => !good) || results.some((r) => r.errors || r.non2xx)) process.exitCode = 1;
});
