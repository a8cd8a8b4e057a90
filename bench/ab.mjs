// Interleaved A/B of two builds on one machine: A = another checkout (--base DIR, built with `npm run build`),
// B = this one. Both hubs run at once (each with its own chain and database); the load alternates between
// them in short slices at the same connections, the side going first switching every slice, so the VM's
// speed, which moves by more than the effects being chased (bench/README.md, session 58), moves both alike.
// Each target is measured in every slice on both sides; the figures are medians over the slices, and B ÷ A
// and target ÷ floor are medians of ratios paired within a slice.
// Each round starts both hubs' servers afresh (the same chain and database): one process's JIT settles
// each path its own way, and an A/A run (two copies of one build) differed by up to 9 % on one target
// over 16 slices of one pair of processes (bench/README.md, session 60). Rounds put several pairs in.
//   targets: floor (GET /hub/widget.js), pay402 (POST /hub/pay without payment), post402 (a hosted post's
//   access route without payment, Host of the blog), share402 (a paid share's access route without payment);
//   with --only also reads of the route wrapper's read cache: explore (a page of 20 cards), ledger (a page
//   of 50 rows), stats, explore's JSON Feed (explorefeed), /.well-known/x402 (wellknown), the content sitemap
//   (sitemap, identity), and a hosted blog's manifest and RSS feed (svcjson, feed: Host of the blog); with
//   --read-cache-ms 0 they are computed for every request (issue 38's target 5).
// Usage: node bench/ab.mjs --base /path/to/other/checkout [--rounds 3] [--slices 4] [--slice-seconds 3]
//   [--only floor,post402] [--db sqlite|postgres] [--connections 10] [--workers 1] [--read-cache-ms 0]
// Make the base with e.g. `git worktree add /tmp/base <commit> && cp -al node_modules /tmp/base/ &&
// (cd /tmp/base && node scripts/db-generate.mjs && npm run build)` (Next's build does not follow a
// symlinked node_modules out of its root; a hard-linked copy is instant).
import { existsSync } from "node:fs";
import path from "node:path";
import { benchOptions, ensureBuild, fmt, load, machineLine, median, onCleanup, runBenchmark, startHub } from "./lib/harness.mjs";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { openBlog, publishPost, request, signIn } from "./lib/hosts.mjs";

const TARGETS = ["floor", "pay402", "post402", "share402"];
/** Read routes, measured when --only names them. */
const READS = { explore: "/hub/explore/content?limit=20", ledger: "/hub/ledger?limit=50", stats: "/hub/stats", explorefeed: "/explore/feed.json", wellknown: "/.well-known/x402", sitemap: "/hub/sitemap/content" };
/** A hosted blog's documents, measured when --only names them (Host of the blog). */
const BLOG_READS = { svcjson: "/svc.json", feed: "/feed.xml" };

await runBenchmark(async () => {
  const opts = benchOptions(process.argv.slice(2), {
    base: { type: "string", default: "" },
    slices: { type: "string", default: "4" },
    "slice-seconds": { type: "string", default: "3" },
    "read-cache-ms": { type: "string", default: "" },
  });
  const base = path.resolve(opts.base || ".");
  if (!opts.base || !existsSync(path.join(base, "bench/lib/harness.mjs")) || !existsSync(path.join(base, ".next/BUILD_ID"))) {
    throw new Error("--base must name another checkout of the hub with a build (.next/BUILD_ID): see the usage at the top of bench/ab.mjs");
  }
  const { rounds } = opts;
  const slices = Number(opts.slices);
  const seconds = Number(opts["slice-seconds"]);
  if (!Number.isInteger(slices) || slices < 1 || slices > 200) throw new Error("--slices must be an integer from 1 to 200");
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60) throw new Error("--slice-seconds must be an integer from 1 to 60");
  const targets = opts.only ? opts.only.split(",").map((t) => t.trim()) : TARGETS;
  for (const t of targets) if (!TARGETS.includes(t) && !(t in READS) && !(t in BLOG_READS)) throw new Error(`--only: unknown target ${t} (${[...TARGETS, ...Object.keys(READS), ...Object.keys(BLOG_READS)].join(", ")})`);
  // --read-cache-ms 0: every read computed (the read cache off); unset: the hub's default bound.
  const cacheEnv = opts["read-cache-ms"] === "" ? {} : { READ_CACHE_MS: opts["read-cache-ms"] };
  if (!targets.includes("floor")) targets.unshift("floor"); // every ratio is to the floor of the same slice

  await ensureBuild({ force: opts.build });
  // The base's own harness starts its hub from its own checkout; its cleanups run with this one's.
  const A = await import(path.join(base, "bench/lib/harness.mjs"));
  A.benchOptions(["--db", opts.db, "--workers", String(opts.workers)]);
  onCleanup("the base's hub", () => A.cleanup());
  const sides = {};
  for (const [name, harness, offset] of [["A", A, 10], ["B", { startHub }, 20]]) {
    const appPort = opts.appPort + offset;
    // Each side its own PostgreSQL schema (both harnesses read it when they start their hub): one shared
    // schema was reset under the first hub by the second's setup.
    process.env.BENCH_PG_SCHEMA = `hub_bench_${name.toLowerCase()}`;
    const hub = await harness.startHub({ db: opts.db, appPort, chainPort: opts.chainPort + offset, env: cacheEnv });
    const { host, admin } = await openBlog(appPort);
    await publishPost(appPort, host, admin, { body: "Lorem ipsum. ".repeat(150), slug: "paid", price: "0.10" });
    const hubHost = `127.0.0.1:${appPort}`;
    const owner = await signIn(appPort, hubHost, privateKeyToAccount(generatePrivateKey()));
    const created = await request(appPort, hubHost, "/quickshare", { method: "POST", headers: { cookie: owner }, body: JSON.stringify({ title: "Bench", content: "Lorem ipsum. ".repeat(150), price: "0.10" }) });
    if (created.status !== 201 && created.status !== 200) throw new Error(`${name}: creating the share answered ${created.status} ${created.text}`);
    sides[name] = { hub, host, share: created.json.share.slug };
  }
  const requestOf = (side, target) => {
    const { hub, host } = sides[side];
    if (target === "floor") return { url: `${hub.url}/hub/widget.js` };
    if (target in READS) return { url: `${hub.url}${READS[target]}` };
    if (target in BLOG_READS) return { url: `${hub.url}${BLOG_READS[target]}`, headers: { host } };
    if (target === "pay402") return { url: `${hub.url}/hub/pay`, method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ contentId: "liner-notes" }), expect: "402" };
    if (target === "share402") return { url: `${hub.url}/quickshare/${sides[side].share}/access`, headers: { "x-svc-actor": "agent" }, expect: "402" };
    return { url: `${hub.url}/api/svc/access?path=/article/paid`, headers: { host, "x-svc-actor": "agent" }, expect: "402" };
  };

  console.log(`› A = ${base}, B = this checkout; ${opts.db}${cacheEnv.READ_CACHE_MS ? `, READ_CACHE_MS=${cacheEnv.READ_CACHE_MS}` : ""}, ${opts.workers} worker(s) each, ${opts.connections} connections, ${rounds} round(s) of ${slices} slices of ${seconds} s per target and side, fresh servers each round; ${machineLine()}`);
  const runs = { A: {}, B: {} };
  const roundOf = []; // the round of each slice
  for (let round = 0; round < rounds; round++) {
    if (round > 0) for (const side of ["A", "B"]) await sides[side].hub.restartServer();
    for (let i = 0; i < slices; i++) {
      const order = (round * slices + i) % 2 ? ["B", "A"] : ["A", "B"];
      for (const target of targets) {
        for (const side of order) {
          const { hub } = sides[side];
          const r = await load({ ...requestOf(side, target), duration: seconds, connections: opts.connections, warmup: i === 0 ? opts.warmup : 0, pid: hub.serverPid, cpuPids: hub.serverPids });
          if (r.errors || r.non2xx) throw new Error(`${side} ${target}: ${r.errors} errors, ${r.non2xx} unexpected answers`);
          (runs[side][target] ??= []).push(r);
        }
      }
      roundOf.push(round);
      console.log(`  round ${round + 1} slice ${i + 1}/${slices}: ${["A", "B"].map((s) => `${s} ${targets.map((t) => `${t} ${fmt.int(runs[s][t].at(-1).reqPerSec)}`).join(" ")}`).join(" | ")}`);
    }
  }

  const paired = (xs, ys, f) => median(xs.map((x, i) => f(x, ys[i])));
  const inRound = (xs, round) => xs.filter((_, i) => roundOf[i] === round);
  console.log(`\n${machineLine()}; medians over ${rounds * slices} slices (ratios paired within a slice)\n`);
  for (const side of ["A", "B"]) {
    const r = runs[side];
    console.log(`${side}: ${targets.map((t) => `${t} ${fmt.int(median(r[t].map((x) => x.reqPerSec)))} req/s, ${fmt.int(median(r[t].map((x) => x.cpuUsPerReq)))} µs of CPU`).join("; ")}`);
    for (const t of targets.filter((t) => t !== "floor")) {
      const byRound = rounds > 1 ? `; each round's servers ${Array.from({ length: rounds }, (_, k) => fmt.ratio(paired(inRound(r[t], k), inRound(r.floor, k), (x, f) => x.reqPerSec / f.reqPerSec))).join(", ")}` : "";
      console.log(`   ${t} ÷ floor: req/s ${fmt.ratio(paired(r[t], r.floor, (x, f) => x.reqPerSec / f.reqPerSec))}, by CPU ${fmt.ratio(paired(r[t], r.floor, (x, f) => f.cpuUsPerReq / x.cpuUsPerReq))}${byRound}`);
    }
  }
  for (const t of targets) {
    const byRound = rounds > 1 ? `; each round ${Array.from({ length: rounds }, (_, k) => fmt.ratio(paired(inRound(runs.B[t], k), inRound(runs.A[t], k), (b, a) => b.cpuUsPerReq / a.cpuUsPerReq))).join(", ")}` : "";
    console.log(`B ÷ A, ${t}: req/s ${fmt.ratio(paired(runs.B[t], runs.A[t], (b, a) => b.reqPerSec / a.reqPerSec))}, CPU per request ${fmt.ratio(paired(runs.B[t], runs.A[t], (b, a) => b.cpuUsPerReq / a.cpuUsPerReq))}${byRound}`);
  }
});
