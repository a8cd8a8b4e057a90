import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { route, type Scope } from "./route";
import { assertSameOrigin } from "./same-origin";

const personal: Scope<{ who: string }, true> = { readsSession: true, resolve: async () => ({ who: "reader" }) };
const shared: Scope<{ host: string }, false> = {
  readsSession: false,
  resolve: async (_req, params) => {
    if (params.host !== "blog.test") throw new ApiError("not-found", "no blog");
    return { host: params.host };
  },
};
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

describe("route() scopes", () => {
  it("refuses to build a cached route whose scope reads a session", () => {
    // @ts-expect-error cache is typed away for a scope that reads a session
    expect(() => route({ auth: personal, cache: true }, () => ({}))).toThrow(/cannot keep its answers/);
    // @ts-expect-error and for the hub's own session modes
    expect(() => route({ auth: "optional", cache: true }, () => ({}))).toThrow(/cannot keep its answers/);
    expect(() => route({ auth: shared, cache: true }, () => ({}))).not.toThrow();
  });

  it("hands the scope's context to the handler and maps its errors", async () => {
    const get = route({ auth: shared }, ({ host }) => ({ host }));
    const ok = await get(new NextRequest("http://hub.test/x"), ctx({ host: "blog.test" }));
    expect(await ok.json()).toEqual({ host: "blog.test" });
    const missing = await get(new NextRequest("http://hub.test/x"), ctx({ host: "other.test" }));
    expect(missing.status).toBe(404);
  });
});

describe("assertSameOrigin", () => {
  const write = (headers: Record<string, string>) => new NextRequest("http://blog.test/api/x", { method: "POST", headers });
  it.each([
    [{ origin: "http://blog.test" }, true],
    [{}, true],
    [{ origin: "http://evil.test" }, false],
    [{ origin: "null" }, false],
    [{ "sec-fetch-site": "cross-site" }, false],
  ])("%j passes: %s", (headers, passes) => {
    const check = () => assertSameOrigin(write(headers), ["http://blog.test"]);
    if (passes) expect(check).not.toThrow();
    else expect(check).toThrow(expect.objectContaining({ code: "cross-origin" }));
  });
});
