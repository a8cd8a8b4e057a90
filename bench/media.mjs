// Media streaming (issue 21 target 4, issue 38 target 6): an encrypted file (30 MB by default; --size
// takes MB, a list runs each, e.g. --size 30,1024) served by the hub from local storage and from an
// S3-compatible store (s3rver on loopback in a process of its own, started here), through the real
// route GET /quickshare/<slug>/media/document of a free share:
//   - one download at a time: MB/s per stream and time to the first byte;
//   - ten downloads at once: MB/s per stream and in total, and the server's RSS growth over idle
//     (sampled every 10 ms; the target is ≤ 64 MB);
//   - a 1 MB byte range from the middle of the file (what a player's seek asks for);
//   - the first byte again, as the median of 20 GETs each closed after its first chunk (the "first byte"
//     of the downloads above is a median of --rounds only), and where it goes (medians of 20): a HEAD
//     (access decision, blob opened and its size authenticated, no body) and a 1-byte range at 0 (plus
//     the first segment and the body's start);
// the first download and every range are compared with the uploaded file byte for byte (SHA-256).
// A file up to the upload limit (30 MB) is uploaded through the API; a larger one is a small upload
// whose stored blob is then replaced by a sealed file of that size under the same key
// (bench/lib/seal-media.ts, the hub's own format writer), since no API accepts it. Files over 100 MB
// get one round of the concurrent phase.
// The baseline, measured in the same run, is a plain node:http server (bench/servers/bare-file.mjs)
// sending the same 30 MB from memory: what this machine's loopback and HTTP client can carry at all.
// Usage: node bench/media.mjs [--rounds 3] [--streams 10] [--store local|s3|both] [--size 30[,1024]] [--build]
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { AwsClient } from "aws4fetch";
import { loopbackS3HubEnv } from "../scripts/lib/loopback-s3.mjs";
import { benchOptions, ensureBuild, fmt, machineLine, onCleanup, printTable, root, rssMb, runBenchmark, sampleRss, startChild, startHub } from "./lib/harness.mjs";
import { signIn } from "./lib/hosts.mjs";

const MB = 1024 * 1024;
const UPLOAD_LIMIT = 30 * MB;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * One GET read to the end over node:http (lighter than fetch, so the client is not what is measured):
 * bytes, seconds, time to the first body byte, and with `hash` the SHA-256 of what arrived.
 */
function download(url, { headers = {}, hash = false } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200 && res.statusCode !== 206) {
        res.resume();
        reject(new Error(`GET ${url}: ${res.statusCode}`));
        return;
      }
      const h = hash ? createHash("sha256") : null;
      let bytes = 0;
      let ttfb;
      res.on("data", (chunk) => {
        ttfb ??= performance.now() - t0;
        bytes += chunk.length;
        h?.update(chunk);
      });
      res.on("end", () => {
        const seconds = (performance.now() - t0) / 1000;
        resolve({ bytes, seconds, ttfb: ttfb ?? seconds * 1000, sha: h?.digest("hex"), status: res.statusCode });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** Milliseconds to the first body byte of a GET, closed right after it (a player that starts, or a seek's first frame). */
function firstByte(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET ${url}: ${res.statusCode}`));
        return;
      }
      res.once("data", () => {
        resolve(performance.now() - t0);
        req.destroy();
      });
      res.on("error", () => {}); // the close above
    });
    req.on("error", (err) => (err.code === "ECONNRESET" ? undefined : reject(err)));
  });
}

/** Seconds until a request without a body to read (HEAD) is answered. */
function request(url, { method, headers = {} }) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () => (res.statusCode === 200 ? resolve((performance.now() - t0) / 1000) : reject(new Error(`${method} ${url}: ${res.statusCode}`))));
    });
    req.on("error", reject);
    req.end();
  });
}

async function measure({ name, url, headers, pid, rounds, streams, size, expectSha, rangeSha, rangeStart }) {
  const check = (d, sha, bytes) => {
    if (d.bytes !== bytes || (sha && d.sha !== sha)) throw new Error(`${name}: got ${d.bytes} bytes (sha ${d.sha?.slice(0, 12)}), expected ${bytes} (sha ${sha?.slice(0, 12)})`);
  };
  // Warm-up, and every byte is right; the timed downloads below count bytes without hashing them.
  check(await download(url, { headers, hash: true }), expectSha, size);

  const single = [];
  for (let i = 0; i < rounds; i++) {
    const d = await download(url, { headers });
    check(d, undefined, size);
    single.push(d);
  }
  const concurrent = [];
  for (let i = 0; i < (size > 100 * MB ? 1 : rounds); i++) {
    const idle = pid ? rssMb(pid) : undefined;
    const sampler = pid ? sampleRss(pid, 10) : undefined;
    const t0 = performance.now();
    const all = await Promise.all(Array.from({ length: streams }, () => download(url, { headers })));
    const seconds = (performance.now() - t0) / 1000;
    const peak = sampler?.stop();
    for (const d of all) check(d, undefined, size);
    concurrent.push({ total: (streams * size) / MB / seconds, perStream: median(all.map((d) => d.bytes / MB / d.seconds)), growth: peak === undefined ? undefined : peak - idle, idle });
  }
  const ranges = [];
  if (rangeSha) {
    const range = { range: `bytes=${rangeStart}-${rangeStart + MB - 1}` };
    for (let i = 0; i < 20; i++) {
      const d = await download(url, { headers: range, hash: true });
      if (d.status !== 206) throw new Error(`${name}: range answered ${d.status}`);
      check(d, rangeSha, MB);
      ranges.push(d.seconds * 1000);
    }
  }
  // Where the first byte goes: HEAD is the access decision and opening the blob (header, last
  // segment) without a body; a 1-byte range adds the first segment's read and the body's start.
  const heads = [];
  const tinies = [];
  const firsts = [];
  for (let i = 0; i < 20; i++) firsts.push(await firstByte(url, headers));
  if (rangeSha) {
    for (let i = 0; i < 20; i++) {
      heads.push((await request(url, { method: "HEAD", headers })) * 1000);
      const d = await download(url, { headers: { ...headers, range: "bytes=0-0" } });
      if (d.status !== 206 || d.bytes !== 1) throw new Error(`${name}: 1-byte range answered ${d.status} with ${d.bytes} bytes`);
      tinies.push(d.seconds * 1000);
    }
  }
  const mbps = single.map((d) => d.bytes / MB / d.seconds);
  return {
    name,
    single: median(mbps), singleMin: Math.min(...mbps), singleMax: Math.max(...mbps),
    ttfb: median(single.map((d) => d.ttfb)),
    perStream: median(concurrent.map((c) => c.perStream)),
    total: median(concurrent.map((c) => c.total)),
    growth: pid ? Math.max(...concurrent.map((c) => c.growth)) : undefined,
    idle: pid ? median(concurrent.map((c) => c.idle)) : undefined,
    range: ranges.length ? median(ranges) : undefined,
    head: heads.length ? median(heads) : undefined,
    tiny: tinies.length ? median(tinies) : undefined,
    first: firsts.length ? median(firsts) : undefined,
  };
}

/** MB figures from --size: "30" or "30,1024". */
function sizesOf(arg) {
  const sizes = String(arg).split(",").map((x) => Number(x.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 2 || n > 4096)) throw new Error(`--size takes MB from 2 to 4096, comma-separated (got ${arg})`);
  return sizes.map((n) => n * MB);
}

const sizeName = (bytes) => (bytes >= 1024 * MB ? `${bytes / 1024 / MB} GB` : `${bytes / MB} MB`);

/**
 * A free share whose one document is a file of `size` bytes on this hub. Returns its media URL and the
 * SHA-256 of the file and of the 1 MB range at `rangeStart`.
 */
async function shareOf({ hub, owner, size, rangeStart, s3Env, dir }) {
  const upload = async (bytes) => {
    const form = new FormData();
    form.set("file", new Blob([bytes], { type: "application/pdf" }), "big.pdf");
    const res = await fetch(`${hub.url}/uploads/content?encrypted=1`, { method: "POST", body: form, headers: { cookie: owner } });
    const body = await res.json();
    if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  let up;
  let sha;
  let rangeSha;
  if (size <= UPLOAD_LIMIT) {
    const file = randomBytes(size);
    sha = createHash("sha256").update(file).digest("hex");
    rangeSha = createHash("sha256").update(file.subarray(rangeStart, rangeStart + MB)).digest("hex");
    up = await upload(file);
  } else {
    up = await upload(randomBytes(1024));
    const sealed = path.join(dir, `sealed-${size}`);
    console.log(`› sealing a ${sizeName(size)} file under the upload's key…`);
    const out = execFileSync(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "bench/lib/seal-media.ts"), hub.env.BLOB_KEY, up.wrappedKey, sealed, String(size), String(rangeStart), String(MB)], { encoding: "utf8" });
    ({ sha, rangeSha } = JSON.parse(out));
    if (s3Env) {
      const aws = new AwsClient({ accessKeyId: s3Env.S3_ACCESS_KEY_ID, secretAccessKey: s3Env.S3_SECRET_ACCESS_KEY, region: s3Env.S3_REGION, service: "s3" });
      const res = await aws.fetch(`${s3Env.S3_ENDPOINT}/${s3Env.S3_BUCKET}/${s3Env.S3_PREFIX}${up.storageRef}`, { method: "PUT", body: readFileSync(sealed), headers: { "x-amz-content-sha256": "UNSIGNED-PAYLOAD" } });
      if (!res.ok) throw new Error(`S3 PUT of the sealed file: ${res.status} ${await res.text()}`);
    } else {
      const target = path.join(hub.dataDir, "blobs", up.storageRef);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(sealed, target);
    }
    rmSync(sealed, { force: true });
  }
  const shareRes = await fetch(`${hub.url}/quickshare`, { method: "POST", headers: { cookie: owner, "content-type": "application/json" }, body: JSON.stringify({ title: "Bench media", content: "A file.", price: "0", media: [up.storageRef] }) });
  const share = (await shareRes.json()).share;
  if (!shareRes.ok) throw new Error(`share: ${shareRes.status}`);
  return { url: `${hub.url}/quickshare/${share.slug}/media/document?index=0`, storageRef: up.storageRef, sha, rangeSha };
}

await runBenchmark(async () => {
  const opts = benchOptions(process.argv.slice(2), {
    streams: { type: "string", default: process.env.BENCH_STREAMS ?? "10" },
    store: { type: "string", default: process.env.BENCH_STORE ?? "both" },
    size: { type: "string", default: process.env.BENCH_SIZE ?? "30" },
  });
  const streams = Math.min(50, Math.max(1, Number(opts.streams)));
  if (!["local", "s3", "both"].includes(opts.store)) throw new Error(`--store must be local, s3 or both (got ${opts.store})`);
  const stores = opts.store === "both" ? ["local", "s3"] : [opts.store];
  const sizes = sizesOf(opts.size);

  // The baseline: node:http in a process of its own, sending 30 MB of random bytes from memory.
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-media-"));
  onCleanup("media file", () => rmSync(dir, { recursive: true, force: true }));
  const file = randomBytes(30 * MB);
  writeFileSync(path.join(dir, "file.bin"), file);
  const plain = await startChild({ script: "bench/servers/bare-file.mjs", port: opts.barePort, env: { FILE: path.join(dir, "file.bin") } });
  const targets = [{ name: "baseline: node:http, 30 MB from memory", url: `${plain.url}/`, pid: plain.pid, baseline: true, size: file.length, expectSha: createHash("sha256").update(file).digest("hex") }];

  await ensureBuild({ force: opts.build });
  for (const [i, store] of stores.entries()) {
    let s3Env;
    if (store === "s3") {
      // s3rver in its own process, on the port after the baseline's.
      const s3 = await startChild({ script: "bench/servers/loopback-s3.mjs", port: opts.barePort + 1 });
      s3Env = loopbackS3HubEnv({ endpoint: s3.url, prefix: "bench/" });
    }
    // The second hub (S3) on --app-port + 10 and --chain-port + 10.
    const port = opts.appPort + 10 * i;
    // The blob key is set, not generated into the data dir, so the sealer below can wrap large files under it.
    const hub = await startHub({ db: opts.db, appPort: port, chainPort: opts.chainPort + 10 * i, seed: false, env: { BLOB_KEY: randomBytes(32).toString("hex"), ...(s3Env ?? {}) } });
    const owner = await signIn(port, `127.0.0.1:${port}`, privateKeyToAccount(generatePrivateKey()));
    for (const size of sizes) {
      const rangeStart = Math.floor(size / 2 / MB) * MB;
      const share = await shareOf({ hub, owner, size, rangeStart, s3Env, dir });
      if (store === "s3") {
        // The store's own speed: s3rver answering a signed GET of the stored (encrypted) object.
        const aws = new AwsClient({ accessKeyId: s3Env.S3_ACCESS_KEY_ID, secretAccessKey: s3Env.S3_SECRET_ACCESS_KEY, region: s3Env.S3_REGION, service: "s3" });
        const objectUrl = `${s3Env.S3_ENDPOINT}/${s3Env.S3_BUCKET}/${s3Env.S3_PREFIX}${share.storageRef}`;
        const signed = await aws.sign(objectUrl, { method: "GET", headers: { "x-amz-content-sha256": createHash("sha256").update("").digest("hex") } });
        // Stored size: the 49-byte header, then each 64 KiB segment with its 16-byte tag.
        const stored = 49 + size + 16 * Math.max(1, Math.ceil(size / 65_536));
        targets.push({ name: `s3rver: signed GET of the stored object, ${sizeName(size)}`, url: objectUrl, headers: Object.fromEntries(signed.headers), size: stored, baseline: true });
      }
      targets.push({ name: `hub, ${store} store, ${sizeName(size)}`, url: share.url, pid: hub.serverPid, size, expectSha: share.sha, rangeSha: share.rangeSha, rangeStart });
    }
  }

  console.log(`› ${sizes.map(sizeName).join(", ")} streams — ${opts.rounds} rounds, ${streams} at once in the concurrent phase; ${machineLine()}`);
  const results = [];
  for (const t of targets) {
    results.push(await measure({ ...t, rounds: opts.rounds, streams }));
    console.log(`  ${t.name}: done`);
  }
  const [base] = results;
  console.log(`\nMedia streams — ${opts.db}; ${machineLine()}; medians over ${opts.rounds} rounds (RSS growth: the largest; files over 100 MB: one concurrent round)\n`);
  printTable(results, [
    { title: "target", value: (r) => r.name, align: "left" },
    { title: "1 stream MB/s", value: (r) => fmt.int(r.single) },
    { title: "range", value: (r) => `${fmt.int(r.singleMin)}–${fmt.int(r.singleMax)}` },
    { title: "÷ baseline", value: (r) => fmt.ratio(r.single / base.single) },
    { title: "first byte", value: (r) => fmt.ms(r.ttfb) },
    { title: `${streams} streams: each MB/s`, value: (r) => fmt.int(r.perStream) },
    { title: "total MB/s", value: (r) => fmt.int(r.total) },
    { title: "RSS idle", value: (r) => fmt.mb(r.idle) },
    { title: "RSS growth", value: (r) => fmt.mb(r.growth) },
    { title: "1 MB range", value: (r) => fmt.ms(r.range) },
    { title: "first byte, closed", value: (r) => fmt.ms(r.first) },
    { title: "HEAD", value: (r) => fmt.ms(r.head) },
    { title: "1-byte range", value: (r) => fmt.ms(r.tiny) },
  ]);
  for (const size of sizes) {
    const raw = results.find((r) => r.name === `s3rver: signed GET of the stored object, ${sizeName(size)}`);
    const viaHub = results.find((r) => r.name === `hub, s3 store, ${sizeName(size)}`);
    if (raw && viaHub) console.log(`\nhub, s3 store ÷ s3rver's own GET, ${sizeName(size)}: ${fmt.ratio(viaHub.single / raw.single)} for one stream, ${fmt.ratio(viaHub.total / raw.total)} in total for ${streams} at once`);
  }
});
