import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, RenderedFields } from "./errors";
import { gzipSync } from "node:zlib";
import { BODY_ENCODING_HEADER } from "./internal-headers";
import { JsonAnswer, BodyAnswer, type PlainAnswer } from "./plain-answer";
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

describe("route() answers given as text", () => {
  /** The same request to the same handler, once as Next calls it and once with the edge's sink. */
  async function both(handler: ReturnType<typeof route>, init?: RequestInit) {
    const make = () => new NextRequest("http://hub.test/x", init as ConstructorParameters<typeof NextRequest>[1]);
    const viaResponse = await handler(make(), ctx({}));
    let plain: PlainAnswer | undefined;
    const marker = new Response(null, { status: 204 });
    const returned = await handler(make(), { ...ctx({}), answerPlain: (answer) => ((plain = answer), marker) });
    return { viaResponse, plain, returned, marker };
  }
  const headersOf = (res: Response) => Object.fromEntries(res.headers);
  const lower = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

  it.each([
    ["a JSON value", route({}, () => ({ ok: true, n: 1 }))],
    ["a value with its status", route({ status: 201 }, () => ({ id: "a" }))],
    ["an error", route({}, () => Promise.reject(new ApiError("not-found", "no such thing")))],
    ["a refused body", route({ body: z.object({ n: z.number() }) }, () => ({}))],
    ["a 402 around kept fields", route({}, () => Promise.reject(new ApiError("payment-required", "pay", { "PAYMENT-REQUIRED": "e30=" }, new RenderedFields({ accepts: [1] }, '"accepts":[1]'))))],
    ["an unexpected failure", route({}, () => Promise.reject(new Error("boom")))],
    ["a JSON answer with headers and a status", route({}, () => new JsonAnswer({ paid: true, note: "é" }, { "PAYMENT-RESPONSE": "e30=", "cache-control": "no-store" }, 201))],
  ])("%s: the same status, headers and body either way", async (_, handler) => {
    const { viaResponse, plain, returned, marker } = await both(handler, { method: "POST", headers: { "content-type": "application/json" }, body: '{"n":"x"}' });
    expect(returned).toBe(marker);
    expect(plain).toBeDefined();
    expect(plain!.status).toBe(viaResponse.status);
    expect(lower(plain!.headers)).toEqual(headersOf(viaResponse));
    expect(plain!.text).toBe(await viaResponse.text());
    expect(headersOf(viaResponse)["x-content-type-options"]).toBe("nosniff");
  });

  it("writes a JSON answer's value as JSON with its own headers and status beside the JSON ones", async () => {
    const { plain } = await both(route({}, () => new JsonAnswer({ paid: true }, { "PAYMENT-RESPONSE": "e30=" }, 201)));
    expect(plain!.status).toBe(201);
    expect(lower(plain!.headers)).toEqual({ "content-type": "application/json", "x-content-type-options": "nosniff", "payment-response": "e30=" });
    expect(JSON.parse(plain!.text as string)).toEqual({ paid: true });
  });

  it("writes a whole body (kept bytes) as it is, with their headers beside the JSON ones; a Response for Next carries the same", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ success: true, urls: [{ url: "https://a.test/é" }] }));
    const { plain, viaResponse } = await both(route({}, () => new BodyAnswer(bytes, { "content-type": "application/json", vary: "Accept-Encoding" })));
    expect(plain!.text).toBe(bytes); // not copied
    expect(lower(plain!.headers)).toEqual({ "content-type": "application/json", "x-content-type-options": "nosniff", vary: "Accept-Encoding" });
    expect(headersOf(viaResponse)).toEqual(lower(plain!.headers));
    expect(new Uint8Array(await viaResponse.arrayBuffer())).toEqual(bytes);
  });

  it("checks a whole JSON body against the declared answer, bytes gzip decoded first", async () => {
    const declared = { response: z.object({ success: z.literal(true) }) };
    const gzipped = new Uint8Array(gzipSync(JSON.stringify({ success: true })));
    const good = await route(declared, () => new BodyAnswer(gzipped, { "content-type": "application/json", [BODY_ENCODING_HEADER]: "gzip" }))(new NextRequest("http://hub.test/x"), ctx({}));
    expect(good.status).toBe(200);
    const drifted = await route(declared, () => new BodyAnswer('{"success":false}', { "content-type": "application/json" }))(new NextRequest("http://hub.test/x"), ctx({}));
    expect(drifted.status).toBe(500);
  });

  it("leaves a handler's own Response as it is, marked nosniff", async () => {
    const { plain, returned } = await both(route({}, () => new Response("own", { status: 203 })));
    expect(plain).toBeUndefined();
    expect(returned.status).toBe(203);
    expect(await returned.text()).toBe("own");
    expect(returned.headers.get("x-content-type-options")).toBe("nosniff");
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
