// Quickshare speed and memory on a throwaway hub (fresh chain, SQLite, `next start` on loopback):
//   1. GET /quickshare/<slug>/access of a free share (decrypts the body every time): req/s, p50, p99
//   2. the same for a paid share re-read with an unlock proof (proof MAC + entitlement lookup + decrypt)
//   (against GET /quickshare/<slug>/meta, one query and no decryption, as a same-machine baseline)
//   3. streaming a 30 MB media file (decrypt + send): MB/s and the server's peak RSS while serving it
// Usage: node bench/quickshare.mjs [--duration 10] [--connections 10] [--streams 10] [--parallel 2]
//   [--app-port 3720] [--chain-port 8720] [--build]. Unknown flags (from bench/run.mjs) are ignored.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { bin, run } from "../scripts/lib/proc.mjs";
import { contractEnv, migrateAndSeed, stackEnv, startChain, startServer } from "../scripts/lib/stack.mjs";

const root = new URL("..", import.meta.url).pathname;
const { values } = parseArgs({
  strict: false,
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    streams: { type: "string", default: "10" },
    parallel: { type: "string", default: "2" },
    "app-port": { type: "string", default: "3720" },
    "chain-port": { type: "string", default: "8720" },
    build: { type: "boolean", default: false },
  },
});
const opt = {
  duration: Math.min(120, Number(values.duration)),
  connections: Math.min(256, Number(values.connections)),
  streams: Math.min(50, Number(values.streams)),
  parallel: Math.min(8, Number(values.parallel)),
  appPort: Number(values["app-port"]),
  chainPort: Number(values["chain-port"]),
};
const MB = 1024 * 1024;

/** RSS in bytes of a process and all its descendants (Linux /proc). */
function treeRss(pid) {
  let total = 0;
  const visit = (p) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const kids = readFileSync(`/proc/${p}/task/${task}/children`, "utf8").trim();
        for (const k of kids ? kids.split(/\s+/) : []) visit(k);
      }
    } catch {
      // the process went away
    }
  };
  visit(pid);
  return total;
}

function sampleRss(pid, everyMs = 20) {
  let peak = treeRss(pid);
  const timer = setInterval(() => { peak = Math.max(peak, treeRss(pid)); }, everyMs);
  return { stop: () => { clearInterval(timer); return Math.max(peak, treeRss(pid)); } };
}

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

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: opt.connections, duration: opt.duration }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-qs-"));
let server;
let anvil;
try {
  if (values.build || !existsSync(path.join(root, ".next/BUILD_ID"))) {
    console.log("› next build…");
    await run(bin("next"), ["build"], { cwd: root, env: { ...process.env, NODE_ENV: "production", DATA_DIR: path.join(tmp, "build"), NEXT_TELEMETRY_DISABLED: "1" } });
  }
  const chain = await startChain({ dataDir: tmp, chainPort: opt.chainPort });
  anvil = chain.anvil;
  const deployment = chain.deployment;
  const origin = `http://127.0.0.1:${opt.appPort}`;
  const env = stackEnv({ dataDir: tmp, databaseUrl: `file:${path.join(tmp, "hub.db")}`, chainPort: opt.chainPort, appPort: opt.appPort, origin, extra: { ...contractEnv(deployment), SEED_SKIP_FUNDING: "1" } });
  await migrateAndSeed(env);
  server = await startServer(env, { quiet: true });
  const hub = server.url;
  const pid = server.child.pid;

  const owner = await signIn(hub, privateKeyToAccount(generatePrivateKey()));
  const readerAccount = privateKeyToAccount(generatePrivateKey());
  const reader = await signIn(hub, readerAccount);
  const body = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(40); // ~2.3 KB
  const create = (input) => fetch(`${hub}/quickshare`, { method: "POST", headers: { cookie: owner, "content-type": "application/json" }, body: JSON.stringify({ title: "Bench", content: body, ...input }) }).then((r) => json(r, "create"));

  // A 30 MB document attached to a free share: streaming needs no proof.
  const form = new FormData();
  const big = new Uint8Array(30 * MB);
  for (let i = 0; i < big.length; i += 4096) big[i] = i & 0xff;
  form.set("file", new Blob([big], { type: "application/pdf" }), "big.pdf");
  const up = await json(await fetch(`${hub}/uploads/content?encrypted=1`, { method: "POST", body: form, headers: { cookie: owner } }), "upload");
  const free = (await create({ price: "0", media: [up.storageRef] })).share;
  // Paid share, and the reader holding it through the whitelist-free tier: a real grant and proof, no chain needed.
  const paid = (await create({ price: "0.10", whitelist: [readerAccount.address], whitelistPrice: "0" })).share;
  const grant = await json(await fetch(`${hub}/quickshare/${paid.slug}/access`, { headers: { cookie: reader } }), "grant");
  const proof = grant.unlockProof;
  const check = await fetch(`${hub}/quickshare/${paid.slug}/access`, { headers: { "x-svc-payment-proof": proof } });
  if (check.status !== 200) throw new Error(`proof read: ${check.status}`);

  const results = [];
  for (const [name, url, headers] of [
    ["baseline: meta (1 query, no body)", `${hub}/quickshare/${free.slug}/meta`, {}],
    ["free share access", `${hub}/quickshare/${free.slug}/access`, {}],
    ["paid share access with proof", `${hub}/quickshare/${paid.slug}/access`, { "x-svc-payment-proof": proof }],
  ]) {
    await load(url, headers); // warm-up run, discarded
    const rss = sampleRss(pid);
    const r = await load(url, headers);
    results.push({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors, rss: rss.stop() });
  }
  console.log(`\nQuickshare access — ${opt.connections} connections, ${opt.duration} s, ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), Node ${process.version}`);
  console.log("route                              req/s     p50 ms   p99 ms   non-2xx   server RSS peak");
  for (const r of results) {
    console.log(`${r.name.padEnd(33)} ${String(Math.round(r.rps)).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.non2xx).padStart(9)}   ${(r.rss / MB).toFixed(0)} MB`);
  }

  // Streaming: `streams` downloads of the 30 MB file, `parallel` at a time, every byte read and counted.
  const mediaUrl = `${hub}/quickshare/${free.slug}/media/document?index=0`;
  await (await fetch(mediaUrl)).arrayBuffer(); // warm-up
  const idle = treeRss(pid);
  const rss = sampleRss(pid, 10);
  const t0 = performance.now();
  let bytes = 0;
  let next = 0;
  await Promise.all(Array.from({ length: opt.parallel }, async () => {
    while (next < opt.streams) {
      next++;
      const res = await fetch(mediaUrl);
      if (res.status !== 200) throw new Error(`media: ${res.status}`);
      for await (const chunk of res.body) bytes += chunk.length;
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  const peak = rss.stop();
  if (bytes !== opt.streams * 30 * MB) throw new Error(`streamed ${bytes} bytes, expected ${opt.streams * 30 * MB}`);
  console.log(`\nStreaming a 30 MB media file: ${opt.streams} downloads, ${opt.parallel} at a time`);
  console.log(`  ${(bytes / MB / seconds).toFixed(0)} MB/s (${(seconds / opt.streams * opt.parallel * 1000).toFixed(0)} ms per download); server RSS ${(idle / MB).toFixed(0)} MB idle → ${(peak / MB).toFixed(0)} MB peak (+${((peak - idle) / MB).toFixed(0)} MB)`);
  if (results.some((r) => r.non2xx)) process.exitCode = 1;
} finally {
  await server?.stop();
  await anvil?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
