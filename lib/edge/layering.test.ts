// The request edge and the HTTP infrastructure import no domain: the domains plug into the edge
// (lib/edge/plugs.ts), wired once in lib/lifecycle/edge-plugs.ts. And no module of the app is on an
// import cycle, type-only imports included.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..", "..");
/** Infrastructure may import these (configuration, logging, metrics, process state, pooled randomness, the session the route wrapper reads, the worker bus) and itself. */
const INFRA = ["lib/http/", "lib/edge/", "lib/env", "lib/log/", "lib/metrics/", "lib/process-state", "lib/lru-memo", "lib/random-text", "lib/auth/session", "lib/cluster/"];

function files(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.posix.join(dir, name);
    if (name === "node_modules" || name === "generated") return [];
    return statSync(path.join(root, rel)).isDirectory() ? files(rel) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [rel] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/g;
/** The lib/ or app/ modules a file imports (type-only imports and re-exports included), as repository paths. */
function imports(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const out: string[] = [];
  for (const [, spec] of text.matchAll(IMPORT)) {
    const target = spec!.startsWith("@/") ? spec!.slice(2) : spec!.startsWith(".") ? path.posix.join(path.posix.dirname(file), spec!) : null;
    if (!target) continue;
    const found = [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((f) => existsFile(f));
    if (found) out.push(found);
  }
  return out;
}
function existsFile(rel: string): boolean {
  try {
    return statSync(path.join(root, rel)).isFile();
  } catch {
    return false;
  }
}

describe("layering of the request edge", () => {
  it.each(["lib/http", "lib/edge"])("%s imports no domain module", (dir) => {
    for (const file of files(dir)) {
      for (const target of imports(file)) expect(INFRA.some((p) => target.startsWith(p)), `${file} imports ${target}`).toBe(true);
    }
  });

  it("no module of lib/, app/ or components/ is on an import cycle (type-only imports included)", () => {
    const all = [...files("lib"), ...files("app"), ...files("components")];
    const graph = new Map<string, string[]>();
    for (const file of all) graph.set(file, imports(file));
    const onCycle = (start: string): string[] | null => {
      const seen = new Set<string>();
      const walk = (file: string, trail: string[]): string[] | null => {
        for (const next of graph.get(file) ?? []) {
          if (next === start) return [...trail, next];
          if (seen.has(next)) continue;
          seen.add(next);
          const found = walk(next, [...trail, next]);
          if (found) return found;
        }
        return null;
      };
      return walk(start, [start]);
    };
    const cycles = all.map(onCycle).filter((c) => c !== null).map((c) => c.join(" → "));
    expect(cycles).toEqual([]);
  });
});
