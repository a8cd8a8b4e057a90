// The floor (issue 21, target 1): the hub's cheapest routes against an empty Next.js route handler in
// a bare Next app that this benchmark builds and starts itself (bench/servers/bare-next, `next start`,
// the same Next and Node), and what host routing costs a hosted blog:
//   - bare Next GET /empty: the framework's floor
//   - hub GET /hub/widget.js: the hub's cheapest route (proxy + route wrapper, no database)
//   - hub GET /health: proxy + wrapper + one trivial database query
//   - blog GET /api/svc/status on a hosted blog's Host: host routing + the blog's site lookup
// Every row is also printed as a ratio to the floor. Rounds interleave the targets.
// Usage: node bench/floor.mjs [--duration 10] [--rounds 3] [--connections 10] [--db sqlite|postgres] [--build]
import { benchOptions, combineRounds, ensureBuild, fmt, load, machineLine, printTable, runBenchmark, startBareNext, startHub } from "./lib/harness.mjs";
import { openBlog, request } from "./lib/hosts.mjs";

await runBenchmark(async () => {
  const opts = benchOptions();
  const loadOpts = { duration: opts.duration, warmup: opts.warmup, connections: opts.connections, maxRequests: opts.maxRequests };
  await ensureBuild({ force: opts.build });
  const hub = await startHub({ db: opts.db, appPort: opts.appPort, chainPort: opts.chainPort, seed: false });
  const bare = await startBareNext({ port: opts.barePort });
  const port = Number(opts.appPort);
  const { host } = await openBlog(port);

  const targets = [
    { name: "bare Next GET /empty (floor)", url: `${bare.url}/empty`, pid: bare.pid },
    { name: "hub GET /hub/widget.js", url: `${hub.url}/hub/widget.js`, pid: hub.serverPid },
    { name: "hub GET /health", url: `${hub.url}/health`, pid: hub.serverPid },
    { name: "blog GET /api/svc/status", url: `${hub.url}/api/svc/status`, headers: { host }, pid: hub.serverPid },
  ];
  for (const t of targets) {
    const u = new URL(t.url);
    const res = await request(Number(u.port), t.headers?.host ?? u.host, u.pathname);
    if (res.status !== 200) throw new Error(`${t.name}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  const header = `The floor — ${opts.db}, ${opts.connections} connections, ${opts.rounds} × ${opts.duration} s per target (after ${opts.warmup} s warm-up each)`;
  console.log(`› ${header}; ${machineLine()}`);
  const runs = targets.map(() => []);
  for (let round = 1; round <= opts.rounds; round++) {
    for (const [i, t] of targets.entries()) runs[i].push(await load({ url: t.url, headers: t.headers, pid: t.pid, ...loadOpts }));
    console.log(`  round ${round}/${opts.rounds}: req/s ${targets.map((t, i) => `${t.name.split(" (")[0]} ${fmt.int(runs[i].at(-1).reqPerSec)}`).join(", ")}`);
  }
  const results = targets.map((t, i) => ({ name: t.name, ...combineRounds(runs[i]) }));
  console.log(`\n${header}\n${machineLine()}; medians over the rounds\n`);
  printTable(results);
  const [floor] = results;
  console.log("\n÷ the floor (req/s 0.8× means 80 % of the empty route's throughput; the target for the cheapest route is ≥ 0.8×)\n");
  printTable(results.slice(1), [
    { title: "target", value: (r) => r.name, align: "left" },
    { title: "req/s", value: (r) => fmt.ratio(r.reqPerSec / floor.reqPerSec) },
    { title: "p50", value: (r) => fmt.ratio(r.p50 / floor.p50) },
    { title: "p99", value: (r) => fmt.ratio(r.p99 / floor.p99) },
  ]);
  if (results.some((r) => r.errors || r.non2xx)) {
    console.error("\n!! errors or non-2xx answers: the figures above are not clean");
    process.exitCode = 1;
  }
});
