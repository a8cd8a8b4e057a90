import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { api } from "../support/hub";

const appDir = path.resolve(import.meta.dirname, "../../app");

/** Every app/**\/route.ts as [path template, methods], e.g. ["/quickshare/{slug}/meta", ["get"]]. */
function routeFiles(dir = appDir): Array<[string, string[]]> {
  const out: Array<[string, string[]]> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...routeFiles(full));
    else if (entry.name === "route.ts") {
      const rel = path.relative(appDir, path.dirname(full)).split(path.sep)
        .filter((seg) => !/^\(.*\)$/.test(seg)) // route groups do not appear in URLs
        .map((seg) => seg.replace(/^\[\.{0,3}(.+)\]$/, "{$1}"));
      const methods = [...readFileSync(full, "utf8").matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]!.toLowerCase());
      // Hosted-blog routes live under the internal /sb/[host] tree (the request hook routes a blog's Host there)
      // and are documented at the paths they answer on the blog's own origin.
      const segs = rel[0] === "sb" && rel[1] === "{host}" ? rel.slice(2) : rel;
      out.push([`/${segs.join("/")}`, methods]);
    }
  }
  return out;
}

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1.0 document at version 0.2.9 with the Payment scheme", async () => {
    const res = await api("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.info.version).toBe("0.2.9");
    expect(res.body.components.securitySchemes.Payment).toMatchObject({ type: "apiKey", in: "header", name: "Payment" });
  });

  it("describes every route file and every method it exports", async () => {
    const doc = (await api("/api/openapi.json")).body;
    const missing: string[] = [];
    for (const [p, methods] of routeFiles()) {
      for (const m of methods) if (!doc.paths?.[p]?.[m]) missing.push(`${m.toUpperCase()} ${p}`);
    }
    expect(missing).toEqual([]);
    expect(routeFiles().length).toBeGreaterThan(3);
  });
});
