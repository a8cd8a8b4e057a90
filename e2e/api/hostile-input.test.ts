// Hostile input that must be refused before any side effect (issue 14, items 2, 3, 6, 7, 8):
// ill-formed text, malformed URLs, wrong methods and unknown API paths, non-JSON bodies on JSON
// routes, forged client addresses, peer routes without the secret, and site domains the verifier
// would refuse anyway. Each case says its status, code and what was (not) written.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogRequest, cleanupBlogs, createBlog, type BlogResponse } from "../support/blog";
import { testDb } from "../support/db";
import { startExtraHub, type ExtraHub } from "../support/extra-hub";
import { api, expectError, HUB_URL } from "../support/hub";
import { person, type Person } from "../support/quickshare";
import { cleanupRun, RUN } from "../support/sites";
import { paymentCounts } from "../support/x402";

const db = testDb();
const hubHost = new URL(HUB_URL).hostname;
/** A raw request (node:http, path sent byte for byte) to the hub or a blog origin. */
const raw = (host: string, p: string, init: Parameters<typeof blogRequest>[2] = {}): Promise<BlogResponse> => blogRequest(host, p, init);

function expectJsonError(res: BlogResponse, status: number, code?: string) {
  expect({ status: res.status, type: res.headers.get("content-type")?.split(";")[0] }).toEqual({ status, type: "application/json" });
  return expectError(res, status, code);
}

let owner: Person;
beforeAll(async () => {
  owner = await person();
});
afterAll(async () => {
  await cleanupRun();
  await cleanupBlogs();
});

describe("text is well-formed or refused (400 naming the field, nothing written)", () => {
  // JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse turns back into it.
  const LONE = "a\ud800b";
  const NUL = "a\u0000b";
  const cases: Array<[string, string, () => Record<string, unknown>, string, boolean]> = [
    ["/hub/pay title with a lone surrogate", "/hub/pay", () => ({ contentId: `untracked-${RUN}`, title: LONE, recipient: owner.address }), "title", false],
    ["/hub/pay title with NUL", "/hub/pay", () => ({ contentId: `untracked-${RUN}`, title: NUL, recipient: owner.address }), "title", false],
    ["/hub/pay contentId with a lone surrogate", "/hub/pay", () => ({ contentId: LONE, recipient: owner.address }), "contentId", false],
    ["a share's title with a lone surrogate", "/quickshare", () => ({ title: LONE, content: "body", price: "0" }), "title", true],
    ["a share's body with NUL", "/quickshare", () => ({ title: "ok", content: NUL, price: "0" }), "content", true],
    ["a site's name with a lone surrogate", "/hub/sites/register", () => ({ domain: `text-${RUN}.example`, name: LONE }), "name", true],
  ];
  it.each(cases)("%s", async (_name, p, body, field, session) => {
    const before = { ...(await paymentCounts()), shares: await db.quickshare.count(), sites: await db.site.count() };
    const res = await api(p, { json: body(), cookie: session ? owner.cookie : undefined });
    const err = expectError(res, 400, "invalid-text");
    expect(err.details).toContain(field);
    expect({ ...(await paymentCounts()), shares: await db.quickshare.count(), sites: await db.site.count() }).toEqual(before);
  });

  it("refuses NUL in a query string too (invalid UTF-8 there decodes to U+FFFD, which is well-formed)", async () => {
    const err = expectError(await api("/hub/explore/content?q=a%00b"), 400, "invalid-text");
    expect(err.details).toContain("q");
  });
});

// Every route file, as [template segments, methods], hub routes and the blog tree separately.
const appDir = path.resolve(import.meta.dirname, "../../app");
function routeFiles(dir = appDir): Array<{ segs: string[]; methods: string[] }> {
  const out: Array<{ segs: string[]; methods: string[] }> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...routeFiles(full));
    else if (entry.name === "route.ts") {
      const segs = path.relative(appDir, dir).split(path.sep).filter((s) => s && !/^\(.*\)$/.test(s));
      const methods = [...readFileSync(full, "utf8").matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]!);
      out.push({ segs, methods });
    }
  }
  return out;
}
const ALL = routeFiles();
const templated = (blog: boolean) =>
  ALL.filter((r) => (r.segs[0] === "sb") === blog)
    .map((r) => ({ ...r, segs: blog ? r.segs.slice(2) : r.segs }))
    .filter((r) => r.segs.some((s) => s.startsWith("[")));
const BAD_ESCAPES = ["%", "%zz", "%E0%A4%A", "%C0%AF", "%FF"];

describe("a malformed percent-escape in a path parameter is 400 JSON, never 5xx", () => {
  let blogDomain = "";
  beforeAll(async () => {
    blogDomain = (await createBlog(owner, "esc")).domain;
  });

  const hubRoutes = templated(false);
  const blogRoutes = templated(true);
  it("covers the templated routes", () => {
    expect(hubRoutes.length).toBeGreaterThan(10);
    expect(blogRoutes.length).toBeGreaterThan(10);
  });

  const fill = (segs: string[], bad: string) => `/${segs.map((s) => (s.startsWith("[") ? bad : s)).join("/")}`;
  for (const [origin, routes] of [["hub", hubRoutes], ["blog", blogRoutes]] as const) {
    it(`${origin}: every templated route x every bad escape (and the /api prefix on the hub)`, async () => {
      const host = () => (origin === "hub" ? hubHost : blogDomain);
      const failures: string[] = [];
      for (const r of routes) {
        for (const bad of BAD_ESCAPES) {
          const paths = [fill(r.segs, bad)];
          if (origin === "hub" && r.segs[0] !== "api" && r.segs[0] !== "qs") paths.push(`/api${paths[0]}`);
          for (const p of paths) {
            for (const method of r.methods) {
              const res = await raw(host(), p, { method, ...(method === "GET" || method === "DELETE" ? {} : { json: {} }) });
              const ok = res.status === 400 && res.body?.code === "malformed-url" && res.headers.get("content-type")?.startsWith("application/json");
              if (!ok) failures.push(`${method} ${p} -> ${res.status} ${res.text.slice(0, 80)}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe("wrong methods and unknown API paths answer JSON", () => {
  it.each([
    ["DELETE", "/hub/stats", "GET"],
    ["PUT", "/hub/pay", "POST"],
    ["POST", "/api/hub/ledger", "GET"],
    ["PATCH", "/quickshare/abcdefgh/meta", "GET"],
  ])("%s %s is 405 JSON with Allow: %s", async (method, p, allow) => {
    const res = await raw(hubHost, p, { method, ...(method === "DELETE" ? {} : { json: {} }) });
    expectJsonError(res, 405, "method-not-allowed");
    expect(res.headers.get("allow")?.split(/,\s*/)).toContain(allow);
  });

  it.each(["/hub/no-such-thing", "/quickshare/abcdefgh/nope", "/auth/nope", "/api/nope", "/api/hub/nope"])("GET %s is 404 JSON", async (p) => {
    expectJsonError(await raw(hubHost, p), 404, "not-found");
  });
});

describe("JSON routes refuse bodies not sent as application/json (415)", () => {
  it.each([
    ["text/plain", "/hub/sites/register"],
    ["application/x-www-form-urlencoded", "/hub/sites/register"],
    ["multipart/form-data; boundary=x", "/quickshare"],
    [null, "/hub/pay"],
  ])("%s to %s is 415 and writes nothing", async (type, p) => {
    const before = { shares: await db.quickshare.count(), sites: await db.site.count(), ...(await paymentCounts()) };
    const body = JSON.stringify({ domain: `form-${RUN}.example`, title: "t", content: "c", price: "0", contentId: "essay-slow-software" });
    const headers: Record<string, string> = { cookie: owner.cookie, origin: HUB_URL };
    if (type) headers["content-type"] = type;
    const res = await fetch(`${HUB_URL}${p}`, { method: "POST", headers, body: type ? body : new Blob([body]) });
    expectError({ status: res.status, body: await res.json(), headers: res.headers }, 415, "unsupported-media-type");
    expect({ shares: await db.quickshare.count(), sites: await db.site.count(), ...(await paymentCounts()) }).toEqual(before);
  });

  it("keeps application/json (with a charset) working", async () => {
    const res = await fetch(`${HUB_URL}/hub/preflight`, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ contentId: "essay-slow-software", price: "0.05" }),
    });
    expect(res.status).toBe(200);
  });

  it("keeps the widget's text/plain event route (no cookie)", async () => {
    const res = await fetch(`${HUB_URL}/hub/evt`, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({}) });
    expect(res.status).not.toBe(415);
  });
});

describe("peer routes check x-peer-secret before the body", () => {
  it.each([
    ["no secret, malformed JSON", "{not json", {}],
    ["a wrong secret, malformed JSON", "{not json", { "x-peer-secret": "x".repeat(40) }],
    ["a wrong secret, a valid body", JSON.stringify({ identities: [] }), { "x-peer-secret": "x".repeat(40) }],
  ])("%s is 403", async (_n, body, headers) => {
    const res = await api("/hub/site/sync-from-peer", { body, headers });
    expectError(res, 403, "invalid-peer-secret");
  });
});

describe("site registration refuses domains the verifier would refuse (400)", () => {
  it.each([
    ["an IPv4 literal", "93.184.216.34"],
    ["a loopback name", "localhost.localdomain"],
    ["a private address", "10.0.0.8"],
    ["a .local name", `printer-${RUN}.local`],
    ["an internal name", `db-${RUN}.internal`],
    ["credentials", `user:pw@creds-${RUN}.example`],
    ["a port", `port-${RUN}.example:8080`],
    ["a non-http scheme", `ftp://scheme-${RUN}.example`],
  ])("refuses %s and records nothing", async (_n, domain) => {
    const before = await db.site.count();
    const err = expectError(await api("/hub/sites/register", { json: { domain }, cookie: owner.cookie }), 400, "invalid-request");
    expect(err.details).toContain("domain");
    expect(await db.site.count()).toBe(before);
  });

  it("still accepts a public host name with a path and scheme", async () => {
    const res = await api("/hub/sites/register", { json: { domain: `https://fine-${RUN}.example/a/page` }, cookie: owner.cookie });
    expect(res.status).toBe(200);
  });
});

describe("rate limits key on an address the client cannot choose", () => {
  let untrusted: ExtraHub;
  beforeAll(async () => {
    untrusted = await startExtraHub({ TRUSTED_PROXIES: "", REDIS_URL: "" });
  }, 90_000);
  afterAll(() => untrusted?.stop());

  it("without TRUSTED_PROXIES a forged X-Forwarded-For does not buy a fresh bucket", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await fetch(`${untrusted.url}/hub/judge/tags`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i}` },
        body: JSON.stringify({ state: "a quiet essay on gardening", candidates: ["gardening", "finance"] }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("on the test hub (TRUSTED_PROXIES=loopback) the proxy's X-Forwarded-For is believed", async () => {
    // Each of these is its own client: none is refused although all come from one socket address.
    for (let i = 0; i < 35; i++) {
      const res = await api("/hub/judge/tags", { json: { state: "gardening", candidates: ["gardening", "music"] }, headers: { "x-forwarded-for": `192.0.2.${i}, 127.0.0.1` } });
      expect(res.status).not.toBe(429);
    }
  });
});
