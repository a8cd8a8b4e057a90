import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { usesCacheComponents } from "@/lib/platform-date.mjs";

// Each case in a process of its own: Next's replacement of `Date` is global and installed once.
function inChild(options: { dev: boolean; config: Record<string, unknown> }) {
  const script = `
    import { createRequire } from "node:module";
    const { restorePlatformDate } = await import(${JSON.stringify(path.resolve("lib/platform-date.mjs"))});
    const platformDate = globalThis.Date;
    const made = new Date(1_700_000_000_000);
    createRequire(${JSON.stringify(path.resolve("package.json"))})("next/dist/server/node-environment");
    const replaced = globalThis.Date !== platformDate;
    const restored = restorePlatformDate(platformDate, ${JSON.stringify(options)});
    const d = new Date(1_700_000_000_000);
    console.log(JSON.stringify({
      replaced, restored,
      isPlatform: globalThis.Date === platformDate,
      constructorIsGlobal: Date.prototype.constructor === globalThis.Date,
      iso: d.toISOString(), now: typeof Date.now(), called: typeof Date(),
      instances: made instanceof Date && d instanceof platformDate && d.constructor === Date,
    }));`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
}

describe("restorePlatformDate", () => {
  it("puts the platform's Date back after Next replaced it, in production without Cache Components", () => {
    expect(inChild({ dev: false, config: {} })).toEqual({
      replaced: true, restored: true, isPlatform: true, constructorIsGlobal: true,
      iso: "2023-11-14T22:13:20.000Z", now: "number", called: "string", instances: true,
    });
  });

  it("leaves Next's Date under Cache Components and in the dev server", () => {
    for (const options of [{ dev: false, config: { cacheComponents: true } }, { dev: false, config: { experimental: { dynamicIO: true } } }, { dev: true, config: {} }]) {
      expect(inChild(options)).toMatchObject({ replaced: true, restored: false, isPlatform: false, constructorIsGlobal: true, iso: "2023-11-14T22:13:20.000Z", instances: true });
    }
  });

  it("reads Cache Components from the config's current and earlier names", () => {
    expect(usesCacheComponents({})).toBe(false);
    expect(usesCacheComponents(undefined)).toBe(false);
    expect(usesCacheComponents({ cacheComponents: true })).toBe(true);
    expect(usesCacheComponents({ experimental: { cacheComponents: true } })).toBe(true);
  });
});
