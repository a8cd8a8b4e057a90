// `node bench/first-load-js.mjs [.next]`: the JavaScript each page route loads on its first visit,
// from the last `next build` (Next 16's build output no longer prints "First Load JS"). A route's
// first load is the runtime's root chunks plus the chunks of its layouts and page, each counted once;
// chunks fetched later (next/dynamic, e.g. the header's wallet controls) are not part of it. The
// wallet column says whether the wallet stack (wagmi/RainbowKit config) is among them.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = path.resolve(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? ".next");
if (!existsSync(path.join(dist, "build-manifest.json"))) {
  console.error(`no build in ${dist}: run \`next build\` first`);
  process.exit(1);
}
const root = JSON.parse(readFileSync(path.join(dist, "build-manifest.json"), "utf8")).rootMainFiles;

function* manifests(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* manifests(p);
    else if (name === "page_client-reference-manifest.js") yield p;
  }
}

const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const buf = readFileSync(path.join(dist, file));
    sizes.set(file, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length, wallet: buf.includes("injected-only") });
  }
  return sizes.get(file);
}

const rows = [];
for (const file of manifests(path.join(dist, "server", "app"))) {
  globalThis.__RSC_MANIFEST = {};
  new Function("globalThis", "self", readFileSync(file, "utf8"))(globalThis, globalThis);
  const [entry, m] = Object.entries(globalThis.__RSC_MANIFEST)[0];
  const files = new Set(root);
  for (const [name, list] of Object.entries(m.entryJSFiles)) if (!name.includes("/builtin/global-error")) list.forEach((f) => files.add(f));
  const total = [...files].map(size).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, wallet: a.wallet || s.wallet }), { raw: 0, gzip: 0, wallet: false });
  rows.push({ route: entry.replace(/\/page$/, "") || "/", ...total });
}
rows.sort((a, b) => a.route.localeCompare(b.route));
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
console.log(`${"route".padEnd(28)} ${"raw KB".padStart(7)} ${"gzip KB".padStart(7)}  wallet stack`);
for (const r of rows) console.log(`${r.route.padEnd(28)} ${kb(r.raw)} ${kb(r.gzip)}  ${r.wallet ? "yes" : "no"}`);
