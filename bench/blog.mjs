// Hosted-blog reads on a throwaway hub (bench/lib/harness.mjs), every request sent with the blog's
// Host header so it goes through the request hook's host routing and the internal /sb tree:
//   - GET /api/svc/status on the hub's own host (the baseline: no routing, no database)
//   - GET /api/svc/status on the blog's host (routing + the blog's site lookup)
//   - GET /svc.json (routing + site + published posts)
//   - a free post through /api/svc/access (the body decrypted on every request)
//   - an invite-only post re-read with an unlock proof (proof MAC + whitelist and entitlement lookups + decrypt)
//   - GET /api/blog/posts/<slug> of a paid post (the teaser: nothing decrypted)
//   - the HTML pages: the index, a free post (decrypted), a paid post's paywall, as kept copies
//     (lib/edge/page-cache.ts) and rendered for every request
// Usage: node bench/blog.mjs [--duration 10] [--rounds 3] [--connections 10] [--db sqlite|postgres] [--build]
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { benchOptions, combineRounds, selectTargets, ensureBuild, fmt, load, machineLine, printTable, runBenchmark, startBareNext, startHub } from "./lib/harness.mjs";
import { openBlog, publishPost, request, signIn } from "./lib/hosts.mjs";

await runBenchmark(async () => {
  const opts = benchOptions();
  const loadOpts = { duration: opts.duration, warmup: opts.warmup, connections: opts.connections, maxRequests: opts.maxRequests };
  await ensureBuild({ force: opts.build });
  const hub = await startHub({ db: opts.db, appPort: opts.appPort, chainPort: opts.chainPort, seed: false });
  const port = Number(opts.appPort);
  const bare = await startBareNext({ port: opts.barePort });

  // Fixtures through the API, as a blog owner and a reader would make them.
  const { host, hubHost, admin } = await openBlog(port);
  const readerAccount = privateKeyToAccount(generatePrivateKey());
  const reader = await signIn(port, host, readerAccount);
  const text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(40); // ~2.3 KB
  const post = (input) => publishPost(port, host, admin, { body: text, ...input });
  await post({ slug: "free", price: "0" });
  await post({ slug: "members", price: "0", publicAccess: false, whitelist: [readerAccount.address] });
  await post({ slug: "paid", price: "0.10" });
  const proof = (await request(port, host, "/api/article/members", { headers: { cookie: reader } })).json.unlockProof;
  if (!proof) throw new Error("no unlock proof for the invited reader");

  const targets = selectTargets([
    { name: "hub /api/svc/status (baseline)", path: "/api/svc/status", host: hubHost },
    { name: "blog /api/svc/status", path: "/api/svc/status", host },
    { name: "blog /svc.json", path: "/svc.json", host },
    { name: "free post access", path: "/api/svc/access?path=/article/free", host },
    { name: "invite-only post with proof", path: "/api/article/members", host, headers: { "x-svc-payment-proof": proof } },
    { name: "paid post teaser", path: "/api/blog/posts/paid", host },
    { name: "hub GET /hub/widget.js (floor)", path: "/hub/widget.js", host: hubHost },
    { name: "paid post access, no payment (402)", path: "/api/svc/access?path=/article/paid", host, headers: { "x-svc-actor": "agent" }, expect: 402 },
    // The pages a browser gets (server-rendered HTML): the index, a free post, a paid post's paywall,
    // beside the framework's own floor for a page (a bare Next app's dynamic server component, no data).
    { name: "bare Next page (page floor)", url: `${bare.url}/page`, pid: bare.pid, headers: { accept: "text/html" } },
    { name: "page: blog index", path: "/", host, headers: { accept: "text/html" } },
    { name: "page: free post", path: "/article/free", host, headers: { accept: "text/html" } },
    { name: "page: paid post (paywall)", path: "/article/paid", host, headers: { accept: "text/html" } },
    // The same pages rendered for every request: a cookie the hub does not read makes a request personal,
    // so it is never answered from the page cache (lib/edge/page-cache.ts); the rows above are kept copies.
    { name: "page rendered: blog index", path: "/", host, headers: { accept: "text/html", cookie: "bench=1" } },
    { name: "page rendered: free post", path: "/article/free", host, headers: { accept: "text/html", cookie: "bench=1" } },
    { name: "page rendered: paid post (paywall)", path: "/article/paid", host, headers: { accept: "text/html", cookie: "bench=1" } },
  ], opts.only);
  for (const t of targets) {
    const res = t.url ? await fetch(t.url, { headers: t.headers }) : await request(port, t.host, t.path, { headers: t.headers });
    if (res.status !== (t.expect ?? 200)) throw new Error(`${t.name}: ${res.status}`);
  }
  const header = `Hosted-blog reads — ${opts.db}, ${opts.connections} connections, ${opts.rounds} × ${opts.duration} s per target (after ${opts.warmup} s warm-up each)`;
  console.log(`› ${header}; ${machineLine()}`);
  const runs = targets.map(() => []);
  for (let round = 1; round <= opts.rounds; round++) {
    for (const [i, t] of targets.entries()) runs[i].push(await load({ url: t.url ?? `${hub.url}${t.path}`, headers: { ...(t.host && { host: t.host }), ...t.headers }, expect: t.expect, pid: t.pid ?? hub.serverPid, ...loadOpts }));
    console.log(`  round ${round}/${opts.rounds}: req/s ${targets.map((t, i) => `${t.name.split(" (")[0]} ${fmt.int(runs[i].at(-1).reqPerSec)}`).join(", ")}`);
  }
  const results = targets.map((t, i) => ({ name: t.name, ...combineRounds(runs[i]) }));
  console.log(`\n${header}\n${machineLine()}; medians over the rounds\n`);
  printTable(results);
  if (results.some((r) => r.errors || r.non2xx)) {
    console.error("\n!! errors or non-2xx answers: the figures above are not clean");
    process.exitCode = 1;
  }
});
