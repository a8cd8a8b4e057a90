// The edge calling route handlers itself (lib/edge/serve-route.ts), on a real Node HTTP server and client.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { NextRequest } from "next/server";
import { heldBody } from "@/lib/http/held-body";
import type { HandlerContext } from "@/lib/http/plain-answer";
import type { EdgePlugs, RouteModuleLoader } from "./plugs";
import { SMALL_BODY_BYTES, serveRoute } from "./serve-route";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? (server.close(() => resolve()), server.closeAllConnections()) : resolve())));

type Ctx = { params: Promise<Record<string, string | string[]>> };
const plugsWith = (routes: Array<[string, Record<string, unknown>]>, loads?: string[]): EdgePlugs => ({
  blogOfHost: () => null,
  blogOrigin: (host) => `http://${host}`,
  personalHeaders: [],
  pages: [],
  apiHandlers: routes.map(([pattern, module]): [string, RouteModuleLoader] => [pattern, async () => (loads?.push(pattern), module)]),
});

/** A server whose every request meets serveRoute first (as the edge's API step), then "next" when it declines. */
async function start(plugs: EdgePlugs, before?: (res: http.ServerResponse) => void): Promise<string> {
  server = http.createServer((req, res) => {
    before?.(res);
    const served = serveRoute(req, res, plugs);
    const next = () => {
      res.writeHead(299, { "x-served-by": "next" });
      res.end();
    };
    if (served === false) return next();
    served.then((done) => done || next(), (err) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("serveRoute", () => {
  it("calls the route's handler with Next's URL, the headers, the streamed body and the decoded params, and writes its answer", async () => {
    const seen: Array<{ url: string; method: string; header: string | null; body: string; params: unknown }> = [];
    const origin = await start(plugsWith([[
      "/hub/sites/[websiteId]/files/[...path]",
      {
        POST: async (req: NextRequest, ctx: Ctx) => {
          seen.push({ url: req.url, method: req.method, header: req.headers.get("x-custom"), body: await req.text(), params: await ctx.params });
          return Response.json({ ok: true }, { status: 201, headers: { "x-route": "yes" } });
        },
      },
    ]]));
    const port = new URL(origin).port;
    const res = await fetch(`${origin}/hub/sites/s%20one/files/a%2Fb/c?x=1`, { method: "POST", headers: { "x-custom": "v" }, body: "é".repeat(70_000) });
    expect(res.status).toBe(201);
    expect(res.headers.get("x-route")).toBe("yes");
    expect(await res.json()).toEqual({ ok: true });
    expect(seen).toEqual([{ url: `http://localhost:${port}/hub/sites/s%20one/files/a%2Fb/c?x=1`, method: "POST", header: "v", body: "é".repeat(70_000), params: { websiteId: "s one", path: ["a/b", "c"] } }]);
  });

  it("hands a small declared body to the handler whole, and an empty or chunked one as it comes", async () => {
    const seen: string[] = [];
    const origin = await start(plugsWith([["/x", { POST: async (req: NextRequest) => (seen.push(await req.text()), Response.json({ ok: true })) }]]));
    const json = JSON.stringify({ wallet: "0xé", n: 1 });
    for (const body of [json, "", "a".repeat(SMALL_BODY_BYTES), "b".repeat(SMALL_BODY_BYTES + 1)]) {
      expect((await fetch(`${origin}/x`, { method: "POST", body })).status).toBe(200);
    }
    // No Content-Length: a chunked body streams to the handler.
    const chunked = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode("one,")); c.enqueue(new TextEncoder().encode("two")); c.close(); } });
    expect((await fetch(`${origin}/x`, { method: "POST", body: chunked, duplex: "half" } as RequestInit)).status).toBe(200);
    expect(seen).toEqual([json, "", "a".repeat(SMALL_BODY_BYTES), "b".repeat(SMALL_BODY_BYTES + 1), "one,two"]);
  });

  it("holds a small body beside the request, and gives it to every standard reader", async () => {
    const json = JSON.stringify({ wallet: "0xé" });
    const seen: unknown[] = [];
    const origin = await start(plugsWith([["/x", {
      POST: async (req: NextRequest) => {
        const bytes = heldBody(req);
        seen.push(bytes?.toString("utf8"), req.bodyUsed, await req.clone().text(), await req.json(), req.bodyUsed, req.body !== null);
        return new Response("ok");
      },
    }]]));
    expect((await fetch(`${origin}/x`, { method: "POST", body: json })).status).toBe(200);
    expect(seen).toEqual([json, false, json, { wallet: "0xé" }, true, true]);
    // A multipart form, read the standard way.
    const form = new FormData();
    form.append("file", new Blob(["hello"], { type: "text/plain" }), "a.txt");
    let name = "";
    const multipart = await start(plugsWith([["/f", { POST: async (req: NextRequest) => ((name = ((await req.formData()).get("file") as File).name), new Response("ok")) }]]));
    expect((await fetch(`${multipart}/f`, { method: "POST", body: form })).status).toBe(200);
    expect(name).toBe("a.txt");
  });

  it("never calls the handler for a client that leaves before its small body is in", async () => {
    let called = false;
    const origin = await start(plugsWith([["/x", { POST: () => ((called = true), new Response("")) }]]));
    const { port } = new URL(origin);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    socket.write("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nhalf of it");
    await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(called).toBe(false);
    // The server is still answering.
    expect((await fetch(`${origin}/x`, { method: "POST", body: "x" })).status).toBe(200);
    expect(called).toBe(true);
  });

  it("says https when a proxy in front says so", async () => {
    let url = "";
    const origin = await start(plugsWith([["/x", { GET: (req: NextRequest) => ((url = req.nextUrl.origin), new Response("")) }]]));
    await fetch(`${origin}/x`, { headers: { "x-forwarded-proto": "https" } });
    expect(url).toBe(`https://localhost:${new URL(origin).port}`);
  });

  it("writes headers as Next does: the edge's own win, repeatable ones add, framing and coding headers are dropped, every cookie kept", async () => {
    const origin = await start(
      plugsWith([["/x", {
        GET: () => {
          const headers = new Headers({ "x-frame-options": "SAMEORIGIN", vary: "Accept-Encoding", "content-encoding": "gzip", "content-length": "999", "x-own": "1" });
          headers.append("set-cookie", "a=1; Path=/");
          headers.append("set-cookie", "b=2, with a comma; Path=/");
          return new Response("plain body", { headers });
        },
      }]]),
      (res) => {
        res.setHeader("x-frame-options", "DENY");
        res.setHeader("vary", "Origin");
      },
    );
    const res = await fetch(`${origin}/x`);
    expect(await res.text()).toBe("plain body");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("vary")).toBe("Origin, Accept-Encoding");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.headers.get("x-own")).toBe("1");
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2, with a comma; Path=/"]);
  });

  it("writes an answer given as text by the same header rules, with its Content-Length, and HEAD without the body", async () => {
    const text = JSON.stringify({ challenge: "é".repeat(3000) });
    const plain = (_req: NextRequest, ctx: HandlerContext) =>
      ctx.answerPlain!({ status: 402, headers: { "PAYMENT-REQUIRED": "abc", "x-frame-options": "SAMEORIGIN", Vary: "Accept", "content-length": "1", "content-type": "application/json" }, text });
    const origin = await start(plugsWith([["/x", { GET: plain, POST: plain }]]), (res) => {
      res.setHeader("x-frame-options", "DENY");
      res.setHeader("vary", "Origin");
    });
    for (const method of ["GET", "POST"]) {
      const res = await fetch(`${origin}/x`, { method, body: method === "POST" ? "{}" : undefined });
      expect(res.status).toBe(402);
      expect(res.headers.get("payment-required")).toBe("abc");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("vary")).toBe("Origin, Accept");
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
      expect(await res.text()).toBe(text);
    }
    const head = await fetch(`${origin}/x`, { method: "HEAD" });
    expect(head.status).toBe(402);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(await head.text()).toBe("");
  });

  it("writes an answer given as bytes (a read-cache answer) as they are, and leaves them unchanged", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ kept: "é".repeat(2000) }));
    const copy = bytes.slice();
    const plain = (_req: NextRequest, ctx: HandlerContext) => ctx.answerPlain!({ status: 200, headers: { "content-type": "application/json", "x-hub-cache": "hit" }, text: bytes });
    const origin = await start(plugsWith([["/x", { GET: plain }]]));
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${origin}/x`);
      expect(res.headers.get("content-length")).toBe(String(bytes.byteLength));
      expect(res.headers.get("x-hub-cache")).toBe("hit");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(copy);
    }
    expect(bytes).toEqual(copy);
    const head = await fetch(`${origin}/x`, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(await head.text()).toBe("");
  });

  it("answers HEAD with the GET handler's status and headers and no body", async () => {
    const origin = await start(plugsWith([["/x", { GET: () => new Response("body", { status: 203, headers: { "x-h": "1" } }) }]]));
    const res = await fetch(`${origin}/x`, { method: "HEAD" });
    expect(res.status).toBe(203);
    expect(res.headers.get("x-h")).toBe("1");
    expect(await res.text()).toBe("");
  });

  it("leaves to Next what it does not serve: no handlers, a trailing or doubled slash, no route, no such method", async () => {
    const loads: string[] = [];
    const plugs = plugsWith([["/x", { GET: () => new Response("edge") }]], loads);
    const origin = await start(plugs);
    for (const [path, method] of [["/x/", "GET"], ["//x", "GET"], ["/y", "GET"], ["/x", "DELETE"]] as const) {
      const res = await fetch(`${origin}${path}`, { method });
      expect(res.headers.get("x-served-by"), `${method} ${path}`).toBe("next");
    }
    expect(await (await fetch(`${origin}/x`)).text()).toBe("edge");
    expect(await (await fetch(`${origin}/x`)).text()).toBe("edge");
    expect(loads).toEqual(["/x"]); // the module loads once (DELETE loaded it; GETs reuse it)
    server!.closeAllConnections();
    server!.close();
    const none = await start({ ...plugs, apiHandlers: [] });
    expect((await fetch(`${none}/x`)).headers.get("x-served-by")).toBe("next");
  });

  it("streams a long body with backpressure and cancels it when the client goes away", async () => {
    let pulled = 0;
    let cancelled = false;
    const chunk = new Uint8Array(64 * 1024).fill(97);
    const origin = await start(plugsWith([["/stream", {
      GET: () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              pulled++;
              controller.enqueue(chunk);
            },
            cancel() {
              cancelled = true;
            },
          }, { highWaterMark: 0 }),
        ),
    }]]));
    const controller = new AbortController();
    const res = await fetch(`${origin}/stream`, { signal: controller.signal });
    const reader = res.body!.getReader();
    let got = 0;
    while (got < 1024 * 1024) got += (await reader.read()).value!.length;
    controller.abort();
    await expect.poll(() => cancelled, { timeout: 5000 }).toBe(true);
    const after = pulled;
    await new Promise((r) => setTimeout(r, 100));
    // Backpressure: the source was read about as far as the client and the socket's buffers, not without end.
    expect(after).toBeLessThan(200);
    expect(pulled).toBe(after);
  });

  it("cuts the connection when the body fails after the headers went out", async () => {
    const origin = await start(plugsWith([["/broken", {
      GET: () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode("partial"));
              setTimeout(() => controller.error(new Error("disk gone")), 20);
            },
          }),
        ),
    }]]));
    const res = await fetch(`${origin}/broken`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it("passes a handler's failure to the caller (the edge answers 500)", async () => {
    const origin = await start(plugsWith([["/throws", { GET: () => Promise.reject(new Error("boom")) }]]));
    const res = await fetch(`${origin}/throws`);
    expect(res.status).toBe(500);
    expect(await res.text()).toContain("boom");
  });
});
