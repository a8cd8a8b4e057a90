import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configProblems } from "./env";
import { DEFAULT_HEAP_GROWTH_PERCENT, heapGrowthPercent } from "./heap-growth.mjs";

// HUB_HEAP_GROWTH_PERCENT (lib/heap-growth.mjs, applied by server.mjs): the value read, the configuration
// check's answer to a bad one, and its effect on a real V8 heap: two node processes run the same churn
// (a live set of about 120 MB whose entries are replaced, so garbage is promoted and the old space fills
// between full collections), one with V8's own growth (0) and one with the default, and report the most
// they committed.
const moduleUrl = new URL("./heap-growth.mjs", import.meta.url).href;
const churn = `
import v8 from "node:v8";
import { applyHeapGrowth } from ${JSON.stringify(moduleUrl)};
applyHeapGrowth();
const live = new Array(120000);
for (let i = 0; i < live.length; i++) live[i] = "x".repeat(1000) + i;
let most = 0;
for (let round = 0; round < 500; round++) {
  for (let j = 0; j < 2000; j++) live[(round * 7919 + j * 104729) % live.length] = "y".repeat(1000) + round + "-" + j;
  const garbage = [];
  for (let k = 0; k < 2000; k++) garbage.push({ k, s: "z" + k });
  await new Promise((r) => setImmediate(r));
  most = Math.max(most, v8.getHeapStatistics().total_heap_size);
}
console.log(JSON.stringify({ mostCommittedMb: Math.round(most / 1e6) }));
`;

function mostCommitted(percent: string): number {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", churn], { env: { ...process.env, HUB_HEAP_GROWTH_PERCENT: percent }, cwd: path.dirname(new URL(import.meta.url).pathname), encoding: "utf8", timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { mostCommittedMb: number }).mostCommittedMb;
}

describe("HUB_HEAP_GROWTH_PERCENT", () => {
  it("reads the percent, 50 when unset, and the configuration check refuses what is not a whole number from 0 to 1000", () => {
    expect(DEFAULT_HEAP_GROWTH_PERCENT).toBe(50);
    expect(heapGrowthPercent({})).toBe(50);
    expect(heapGrowthPercent({ HUB_HEAP_GROWTH_PERCENT: "" })).toBe(50);
    expect(heapGrowthPercent({ HUB_HEAP_GROWTH_PERCENT: "0" })).toBe(0);
    expect(heapGrowthPercent({ HUB_HEAP_GROWTH_PERCENT: "120" })).toBe(120);
    expect(configProblems({ HUB_HEAP_GROWTH_PERCENT: "120" })).toEqual([]);
    for (const bad of ["-1", "1.5", "lots", "1001"]) {
      expect(configProblems({ HUB_HEAP_GROWTH_PERCENT: bad }).map((p) => p.variable)).toEqual(["HUB_HEAP_GROWTH_PERCENT"]);
    }
  });

  it("keeps a churning heap's committed size close to its live size, where V8's own growth lets it reach twice that", () => {
    const own = mostCommitted("0");
    const fixed = mostCommitted(String(DEFAULT_HEAP_GROWTH_PERCENT));
    // The live set is about 125 MB: V8's own factor committed 290–310 MB here, 1.5 about 162.
    expect(fixed).toBeGreaterThan(125); // the live set itself is never collected
    expect(fixed).toBeLessThan(200);
    expect(own).toBeGreaterThan(fixed * 1.3);
  }, 60_000);
});
