import { Readable } from "node:stream";
import type { IncomingHttpHeaders } from "node:http";
import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { heldBody } from "@/lib/http/held-body";
import { routeRequest } from "./route-request";

// Counts the whole NextRequests made (the lazy request's own and the tests').
const made = vi.hoisted(() => ({ count: 0 }));
vi.mock("next/server", async (original) => {
  const real = await original<typeof import("next/server")>();
  class CountedNextRequest extends real.NextRequest {
    constructor(...args: ConstructorParameters<typeof real.NextRequest>) {
      super(...args);
      made.count++;
    }
  }
  return { ...real, NextRequest: CountedNextRequest };
});

const NODE_HEADERS: IncomingHttpHeaders = {
  host: "127.0.0.1:3000",
  cookie: "hub_session=abc; theme=dark",
  "content-type": "application/json",
  "x-forwarded-for": "10.0.0.1, 10.0.0.2",
  "set-cookie": ["a=1", "b=2"],
};

/** The NextRequest the edge made for every request before: the one the lazy request must answer as. */
function wholeRequest(url: string, method: string, node: IncomingHttpHeaders, body?: BodyInit): NextRequest {
  const headers = new Headers();
  for (const [name, value] of Object.entries(node)) for (const one of Array.isArray(value) ? value : [value!]) headers.append(name, one);
  return new NextRequest(url, { method, headers, ...(body !== undefined ? { body, duplex: "half" } : {}) } as ConstructorParameters<typeof NextRequest>[1]);
}

const URLS = [
  "http://localhost:3000/hub/pay",
  "http://localhost:3000/hub/explore?q=caf%C3%A9&tag=a&tag=b&empty=",
  "https://localhost:3000/qs/AbC-123?x=%zz&y=a+b",
  "http://localhost:3000/hub/items/%E2%9C%93/../x/./y?z=%00",
  "http://localhost:3000/a b/ü?q=ü ü#frag",
  "http://localhost:3000/",
  "http://localhost:3000/trailing/?a=1",
  "http://LOCALHOST:3000//doubled//x",
  "http://localhost:3000/_next/data/build/x.json",
];

describe("routeRequest", () => {
  it("is a NextRequest to whoever asks", () => {
    const req = routeRequest(URLS[0]!, "GET", NODE_HEADERS, null);
    expect(req).toBeInstanceOf(NextRequest);
    expect(req).toBeInstanceOf(Request);
    expect(Object.prototype.toString.call(req)).toBe("[object Request]");
  });

  it("answers every property as the whole NextRequest does", async () => {
    for (const url of URLS) {
      const lazy = routeRequest(url, "GET", NODE_HEADERS, null);
      const whole = wholeRequest(url, "GET", NODE_HEADERS);
      expect(lazy.url).toBe(whole.url);
      expect(lazy.method).toBe(whole.method);
      expect([...lazy.headers]).toEqual([...whole.headers]);
      expect(lazy.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
      for (const key of ["href", "origin", "protocol", "host", "pathname", "search", "hash"] as const) expect(lazy.nextUrl[key]).toBe(whole.nextUrl[key]);
      expect([...lazy.nextUrl.searchParams]).toEqual([...whole.nextUrl.searchParams]);
      expect(lazy.cookies.getAll()).toEqual(whole.cookies.getAll());
      for (const key of ["cache", "credentials", "destination", "integrity", "keepalive", "mode", "redirect", "referrer", "referrerPolicy", "duplex", "bodyUsed"] as const) {
        expect((lazy as unknown as Record<string, unknown>)[key]).toEqual((whole as unknown as Record<string, unknown>)[key]);
      }
      expect(lazy.signal).toBeInstanceOf(AbortSignal);
      expect(lazy.signal.aborted).toBe(false);
      expect(lazy.body).toBeNull();
      expect(await lazy.text()).toBe("");
    }
  });

  it("keeps its url as first made when nextUrl is changed, as NextRequest does", () => {
    const lazy = routeRequest(URLS[1]!, "GET", NODE_HEADERS, null);
    const whole = wholeRequest(URLS[1]!, "GET", NODE_HEADERS);
    lazy.nextUrl.pathname = "/elsewhere";
    whole.nextUrl.pathname = "/elsewhere";
    expect(lazy.url).toBe(whole.url);
    expect(lazy.nextUrl.href).toBe(whole.nextUrl.href);
  });

  it("holds bytes beside the request and gives the same bytes to every standard reader", async () => {
    const json = JSON.stringify({ wallet: "0xé" });
    const bytes = Buffer.from(json);
    const lazy = routeRequest(URLS[0]!, "POST", NODE_HEADERS, bytes);
    expect(heldBody(lazy)).toBe(bytes);
    expect(lazy.bodyUsed).toBe(false);
    // As a NextRequest's: a plain Request (undici's clone).
    const copy = lazy.clone();
    expect(copy).toBeInstanceOf(Request);
    expect(await copy.text()).toBe(json);
    expect(await lazy.json()).toEqual({ wallet: "0xé" });
    expect(lazy.bodyUsed).toBe(true);
    await expect(lazy.text()).rejects.toThrow(TypeError);
    // The held bytes stay for the route wrapper's reader.
    expect(heldBody(lazy)?.toString("utf8")).toBe(json);
  });

  it("reads a streamed body once, as a web body", async () => {
    const lazy = routeRequest(URLS[0]!, "POST", NODE_HEADERS, Readable.from([Buffer.from("a"), Buffer.from("bc")]));
    expect(heldBody(lazy)).toBeUndefined();
    expect(lazy.body).toBeInstanceOf(ReadableStream);
    expect(await lazy.text()).toBe("abc");
    expect(lazy.bodyUsed).toBe(true);
  });

  it("reads a multipart form", async () => {
    const form = new FormData();
    form.append("file", new Blob(["hello"], { type: "text/plain" }), "a.txt");
    const encoded = new Request("http://x/", { method: "POST", body: form });
    const bytes = Buffer.from(await encoded.arrayBuffer());
    const lazy = routeRequest(URLS[0]!, "POST", { "content-type": encoded.headers.get("content-type")! }, bytes);
    expect(((await lazy.formData()).get("file") as File).name).toBe("a.txt");
  });

  it("makes the whole NextRequest only when something asks for what it alone has, and once", () => {
    const lazy = routeRequest(URLS[1]!, "GET", NODE_HEADERS, null);
    const before = made.count;
    void [lazy.method, lazy.headers.get("host"), lazy.nextUrl.searchParams.get("q"), lazy.url, lazy.cookies.get("theme"), lazy.bodyUsed];
    expect(made.count).toBe(before);
    expect(lazy.signal).toBe(lazy.signal);
    void lazy.cache;
    expect(made.count).toBe(before + 1);
  });
});
