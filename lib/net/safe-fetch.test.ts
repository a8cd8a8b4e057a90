import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AllowedHost, safeFetch, SafeFetchError } from "./safe-fetch";

// A real HTTP server on loopback. The fetcher refuses it by default; tests that need to reach it
// pass an explicit allowHosts entry, as only a caller can.
let server: http.Server;
let port = 0;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    const u = new URL(req.url!, "http://x");
    switch (u.pathname) {
      case "/ok":
        res.end(`hello from ${req.headers.host}`);
        return;
      case "/redirect":
        res.writeHead(302, { location: u.searchParams.get("to")! });
        res.end();
        return;
      case "/loop":
        res.writeHead(301, { location: "/loop" });
        res.end();
        return;
      case "/big":
        res.writeHead(200, { "content-length": String(2 * 1024 * 1024) });
        res.end(Buffer.alloc(2 * 1024 * 1024, 97));
        return;
      case "/big-chunked":
        res.writeHead(200);
        for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024, 98));
        res.end();
        return;
      case "/slow":
        res.writeHead(200);
        res.write("first byte…");
        setTimeout(() => res.end("…too late"), 3_000).unref();
        return;
      case "/hang":
        return; // never answers
      case "/echo": {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => res.end(`${req.method} ${req.headers["content-type"]} ${Buffer.concat(chunks).toString("utf8")}`));
        return;
      }
      default:
        res.writeHead(404);
        res.end("nope");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const loopbackAllowed: AllowedHost[] = [{ host: "127.0.0.1" }];
const reason = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(SafeFetchError);
    return (err as SafeFetchError).reason;
  }
  throw new Error("expected the fetch to be refused");
};

describe("safeFetch with the default (strict) policy", () => {
  it.each([
    ["loopback IPv4", () => `http://127.0.0.1:${port}/ok`],
    ["loopback IPv6", () => `http://[::1]:${port}/ok`],
    ["IPv4-mapped loopback", () => `http://[::ffff:127.0.0.1]:${port}/ok`],
    ["a name resolving to loopback", () => `http://localhost:${port}/ok`],
    ["a private address", () => "http://10.0.0.1/"],
    ["another private range", () => "http://192.168.0.1/"],
    ["link-local (cloud metadata)", () => "http://169.254.169.254/latest/meta-data/"],
    ["unspecified", () => `http://0.0.0.0:${port}/ok`],
    ["decimal-encoded loopback", () => `http://2130706433:${port}/ok`],
  ])("refuses %s without connecting", async (_name, url) => {
    const before = hits.length;
    expect(await reason(safeFetch(url()))).toBe("blocked-address");
    expect(hits.length).toBe(before);
  });

  it("refuses a name whose DNS answer holds a private address", async () => {
    const resolve = async () => [{ address: "93.184.216.34", family: 4 }, { address: "10.1.2.3", family: 4 }];
    expect(await reason(safeFetch("http://rebind.example/", { resolve }))).toBe("blocked-address");
    const mapped = async () => [{ address: "::ffff:192.168.1.20", family: 6 }];
    expect(await reason(safeFetch("https://mapped.example/", { resolve: mapped }))).toBe("blocked-address");
  });

  it.each(["file:///etc/passwd", "ftp://example.com/x", "gopher://example.com/", "data:text/plain,hi", "javascript:alert(1)"])(
    "refuses the non-http scheme of %s",
    async (url) => expect(await reason(safeFetch(url))).toBe("scheme"),
  );

  it("refuses a name that does not resolve", async () => {
    expect(await reason(safeFetch("http://no-such-host.invalid/"))).toBe("dns");
  });
});

describe("safeFetch with an explicit test allowlist", () => {
  it("fetches an allowed loopback host", async () => {
    const res = await safeFetch(`http://127.0.0.1:${port}/ok`, { allowHosts: loopbackAllowed });
    expect(res.status).toBe(200);
    expect(res.text()).toBe(`hello from 127.0.0.1:${port}`);
  });

  it("pins a name to an address while sending the original Host", async () => {
    const res = await safeFetch("http://creator.test/ok", { allowHosts: [{ host: "creator.test", address: "127.0.0.1", port }] });
    expect(res.text()).toBe("hello from creator.test");
  });

  it("connects to the address it checked, whatever a second DNS answer says", async () => {
    let calls = 0;
    // First answer: the allowed pin is not used here; a public-looking name that later rebinds.
    const resolve = async () => (calls++ === 0 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.9.9.9", family: 4 }]);
    const res = await safeFetch(`http://rebinder.test:${port}/ok`, { resolve, allowHosts: [{ host: "rebinder.test" }] });
    expect(res.text()).toBe(`hello from rebinder.test:${port}`);
    expect(calls).toBe(1);
  });

  it("re-checks every redirect: a hop to a name resolving to loopback is refused", async () => {
    const to = `http://localhost:${port}/ok`;
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(to)}`, { allowHosts: loopbackAllowed }))).toBe("blocked-address");
  });

  it.each([
    ["a private address", "http://10.0.0.7/admin", "blocked-address"],
    ["link-local metadata", "http://169.254.169.254/latest", "blocked-address"],
    ["IPv6 loopback", "http://[::1]/", "blocked-address"],
    ["a file URL", "file:///etc/passwd", "scheme"],
  ])("re-checks every redirect: a hop to %s is refused", async (_n, to, why) => {
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(to)}`, { allowHosts: loopbackAllowed }))).toBe(why);
  });

  it("follows an allowed redirect and reports the final URL", async () => {
    const res = await safeFetch(`http://127.0.0.1:${port}/redirect?to=/ok`, { allowHosts: loopbackAllowed });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`http://127.0.0.1:${port}/ok`);
  });

  it("POSTs a body (a webhook) and answers a redirect as it is, never following it", async () => {
    const res = await safeFetch(`http://127.0.0.1:${port}/echo`, { method: "POST", body: '{"a":1}', headers: { "content-type": "application/json" }, allowHosts: loopbackAllowed });
    expect(res.text()).toBe('POST application/json {"a":1}');
    const moved = await safeFetch(`http://127.0.0.1:${port}/redirect?to=/ok`, { method: "POST", body: "x", allowHosts: loopbackAllowed });
    expect(moved.status).toBe(302);
  });

  it("stops after five redirects", async () => {
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/loop`, { allowHosts: loopbackAllowed }))).toBe("too-many-redirects");
  });

  it("refuses an oversize body, declared or streamed", async () => {
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/big`, { allowHosts: loopbackAllowed }))).toBe("too-large");
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/big-chunked`, { allowHosts: loopbackAllowed }))).toBe("too-large");
    const small = await safeFetch(`http://127.0.0.1:${port}/big-chunked`, { allowHosts: loopbackAllowed, maxBytes: 3 * 1024 * 1024 });
    expect(small.body.length).toBe(40 * 64 * 1024);
  });

  it("gives up on a slow body and on a server that never answers", async () => {
    const t0 = Date.now();
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/slow`, { allowHosts: loopbackAllowed, timeoutMs: 500 }))).toBe("timeout");
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/hang`, { allowHosts: loopbackAllowed, timeoutMs: 500 }))).toBe("timeout");
    expect(Date.now() - t0).toBeLessThan(2_500);
  });
});
