// Quickshare speed and memory on a throwaway hub (bench/lib/harness.mjs):
//   - GET /quickshare/<slug>/access of a free share (the body is decrypted on every request)
//   - the same for a paid share re-read with an unlock proof (proof MAC + entitlement lookup + decrypt)
//   - GET /quickshare/<slug>/meta (one query, nothing decrypted) as the same-machine baseline
//   - the share page (HTML) of a free share and of a paid share (the paywall), as kept copies
//     (lib/edge/page-cache.ts) and rendered for every request
//   - streaming a 30 MB media file (read blob, check the tag, send): MB/s and the server's peak RSS
// Usage: node bench/quickshare.mjs [--duration 10] [--rounds 3] [--connections 10] [--db sqlite|postgres]
//   [--streams 10] [--parallel 2] [--build]; see bench/README.md.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { benchOptions, combineRounds, selectTargets, ensureBuild, fmt, load, machineLine, printTable, rssMb, runBenchmark, sampleRss, startBareNext, startHub } from "./lib/harness.mjs";

const MB = 1024 * 1024;

async function signIn(hub, account) {
  const t = await (await fetch(`${hub}/auth/nonce`)).json();
  const message = createSiweMessage({ address: account.address, chainId: t.chainId, domain: t.domain, uri: t.uri, nonce: t.nonce, statement: t.statement, version: "1", issuedAt: new Date() });
  const res = await fetch(`${hub}/auth/verify`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message, signature: await account.signMessage({ message }) }) });
  if (!res.ok) throw new Error(`sign-in: ${res.status}`);
  return res.headers.get("set-cookie").split(";")[0];
}

async function json(res, what) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

await runBenchmark(async () => {
  const opts = benchOptions(process.argv.slice(2), {
    streams: { type: "string", default: process.env.BENCH_STREAMS ?? "10" },
    parallel: { type: "string", default: process.env.BENCH_PARALLEL ?? "2" },
  });
  const streams = Math.min(50, Math.max(1, Number(opts.streams)));
  const parallel = Math.min(8, Math.max(1, Number(opts.parallel)));
  const loadOpts = { duration: opts.duration, warmup: opts.warmup, connections: opts.connections, maxRequests: opts.maxRequests };

  await ensureBuild({ force: opts.build });
  const hub = await startHub({ db: opts.db, appPort: opts.appPort, chainPort: opts.chainPort, seed: false });
  const pid = hub.serverPid;
  const bare = await startBareNext({ port: opts.barePort });

  // Fixtures through the API, as a creator and a reader would make them.
  const owner = await signIn(hub.url, privateKeyToAccount(generatePrivateKey()));
  const readerAccount = privateKeyToAccount(generatePrivateKey());
  const reader = await signIn(hub.url, readerAccount);
  const body = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(40); // ~2.3 KB
  const create = async (input) =>
    (await json(await fetch(`${hub.url}/quickshare`, { method: "POST", headers: { cookie: owner, "content-type": "application/json" }, body: JSON.stringify({ title: "Bench", content: body, ...input }) }), "create")).share;
  const form = new FormData();
  const big = new Uint8Array(30 * MB);
  for (let i = 0; i < big.length; i += 4096) big[i] = i & 0xff;
  form.set("file", new Blob([big], { type: "application/pdf" }), "big.pdf");
  const up = await json(await fetch(`${hub.url}/uploads/content?encrypted=1`, { method: "POST", body: form, headers: { cookie: owner } }), "upload");
  const free = await create({ price: "0", media: [up.storageRef] }); // the 30 MB file streams without proof
  // A paid share the reader holds through its free whitelist tier: a real entitlement and proof, no chain involved.
  const paid = await create({ price: "0.10", whitelist: [readerAccount.address], whitelistPrice: "0" });
  const proof = (await json(await fetch(`${hub.url}/quickshare/${paid.slug}/access`, { headers: { cookie: reader } }), "grant")).unlockProof;

  const targets = selectTargets([
    { name: "meta (baseline: 1 query, no body)", url: `${hub.url}/quickshare/${free.slug}/meta` },
    { name: "free share access", url: `${hub.url}/quickshare/${free.slug}/access` },
    { name: "paid share access with proof", url: `${hub.url}/quickshare/${paid.slug}/access`, headers: { "x-svc-payment-proof": proof } },
    { name: "paid share access, no payment (402)", url: `${hub.url}/quickshare/${paid.slug}/access`, headers: { "x-svc-actor": "agent" }, expect: 402 },
    { name: "hub GET /hub/widget.js (floor)", url: `${hub.url}/hub/widget.js` },
    // The share page a browser gets (server-rendered HTML): a free share's body, a paid share's paywall,
    // beside the framework's own floor for a page (a bare Next app's dynamic server component, no data).
    { name: "bare Next page (page floor)", url: `${bare.url}/page`, pid: bare.pid, headers: { accept: "text/html" } },
    { name: "page: free share", url: `${hub.url}/qs/${free.slug}`, headers: { accept: "text/html" } },
    { name: "page: paid share (paywall)", url: `${hub.url}/qs/${paid.slug}`, headers: { accept: "text/html" } },
    // The least a share page can cost: the layout and a short notice (one query, nothing decrypted).
    { name: "page: unknown share (404)", url: `${hub.url}/qs/zzzzzzzz`, headers: { accept: "text/html" }, expect: 404 },
    // The same pages rendered for every request: a cookie the hub does not read makes a request personal,
    // so it is never answered from the page cache (lib/edge/page-cache.ts); the rows above are kept copies.
    { name: "page rendered: free share", url: `${hub.url}/qs/${free.slug}`, headers: { accept: "text/html", cookie: "bench=1" } },
    { name: "page rendered: paid share (paywall)", url: `${hub.url}/qs/${paid.slug}`, headers: { accept: "text/html", cookie: "bench=1" } },
    { name: "page rendered: unknown share (404)", url: `${hub.url}/qs/zzzzzzzz`, headers: { accept: "text/html", cookie: "bench=1" }, expect: 404 },
  ], opts.only);
  for (const t of targets) {
    const res = await fetch(t.url, { headers: t.headers });
    if (res.status !== (t.expect ?? 200)) throw new Error(`${t.name}: ${res.status}`);
  }
  const header = `Quickshare reads — ${opts.db}, ${opts.connections} connections, ${opts.rounds} × ${opts.duration} s per target (after ${opts.warmup} s warm-up each)`;
  console.log(`› ${header}; ${machineLine()}`);
  const runs = targets.map(() => []);
  for (let round = 1; round <= opts.rounds; round++) {
    for (const [i, t] of targets.entries()) runs[i].push(await load({ url: t.url, headers: t.headers, expect: t.expect, pid: t.pid ?? pid, ...loadOpts }));
    console.log(`  round ${round}/${opts.rounds}: req/s ${targets.map((t, i) => `${t.name.split(" (")[0]} ${fmt.int(runs[i].at(-1).reqPerSec)}`).join(", ")}`);
  }
  const results = targets.map((t, i) => ({ name: t.name, ...combineRounds(runs[i]) }));
  console.log(`\n${header}\n${machineLine()}; medians over the rounds\n`);
  printTable(results);

  // Streaming: `streams` downloads of the 30 MB file, `parallel` at a time, every byte read.
  const mediaUrl = `${hub.url}/quickshare/${free.slug}/media/document?index=0`;
  await (await fetch(mediaUrl)).arrayBuffer(); // warm-up
  const idle = rssMb(pid);
  const sampler = sampleRss(pid, 10);
  const t0 = performance.now();
  let bytes = 0;
  let started = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (started < streams) {
        started++;
        const res = await fetch(mediaUrl);
        if (res.status !== 200) throw new Error(`media: ${res.status}`);
        for await (const chunk of res.body) bytes += chunk.length;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const peak = sampler.stop();
  if (bytes !== streams * 30 * MB) throw new Error(`streamed ${bytes} bytes, expected ${streams * 30 * MB}`);
  console.log(`\nStreaming a 30 MB media file (decrypted per request): ${streams} downloads, ${parallel} at a time`);
  printTable(
    [{ mbps: bytes / MB / seconds, per: (seconds * 1000 * parallel) / streams, idle, peak }],
    [
      { title: "MB/s", value: (r) => fmt.int(r.mbps) },
      { title: "per download", value: (r) => fmt.ms(r.per) },
      { title: "RSS idle", value: (r) => fmt.mb(r.idle) },
      { title: "RSS peak", value: (r) => fmt.mb(r.peak) },
      { title: "peak − idle", value: (r) => fmt.mb(r.peak - r.idle) },
    ],
  );
  if (results.some((r) => r.errors || r.non2xx)) {
    console.error("\n!! errors or non-2xx answers: the figures above are not clean");
    process.exitCode = 1;
  }
});
