// Issue 19: every HTML response of the hub and of a hosted blog carries the browser security headers
// (lib/http/security-headers.ts), whatever produced it: React pages, the share and blog pages, the 404
// page; JSON and media carry nosniff; operator settings (embedding sites, a media CDN, https) shape them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, originOf } from "../support/blog";
import { startExtraHub, type ExtraHub } from "../support/extra-hub";
import { api, HUB_URL } from "../support/hub";
import { closeDb, createShare, giveEntitlement, media, person, type Person } from "../support/quickshare";

const RPC_ORIGIN = new URL(process.env.PUBLIC_RPC_URL ?? process.env.RPC_URL ?? "http://127.0.0.1:8546").origin;
const HTML = { accept: "text/html,application/xhtml+xml" };
const LD_JSON = /^application\/(ld\+)?json$/i;

let owner: Person;
let reader: Person; // entitled to the paid share and the paid post
const shares: Record<string, { id: string; slug: string }> = {};
let blog: { domain: string; origin: string };
let blogOwnerCookie = "";
let paidPostPath = "";
let freePostPath = "";

beforeAll(async () => {
  [owner, reader] = await Promise.all([person(), person()]);
  const make = async (key: string, input: Parameters<typeof createShare>[1]) => { shares[key] = await createShare(owner, input); };
  await Promise.all([
    make("paid", { content: "Paid secret.", price: "0.25" }),
    make("free", { content: "Free for all." }),
    make("revoked", { content: "Soon gone." }),
  ]);
  await giveEntitlement(shares.paid!.id, reader.address);
  expect((await api(`/quickshare/${shares.revoked!.slug}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);

  blog = await createBlog(owner, "csp");
  blogOwnerCookie = await blogSignIn(blog.domain, owner.account);
  paidPostPath = (await createPost(blog.domain, blogOwnerCookie, { title: "Paid post", price: "0.10" })).path;
  freePostPath = (await createPost(blog.domain, blogOwnerCookie, { title: "Free post", price: "0" })).path;
}, 60_000);
afterAll(async () => {
  await cleanupBlogs();
  await closeDb();
});

type Directives = Map<string, string[]>;

function directives(csp: string | null): Directives {
  expect(csp, "content-security-policy").toBeTruthy();
  const map = new Map<string, string[]>();
  for (const part of csp!.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** The nonce of a policy's script-src (the policy must have exactly one). */
function nonceOf(d: Directives): string {
  const nonces = (d.get("script-src") ?? []).filter((v) => v.startsWith("'nonce-")).map((v) => v.slice(7, -1));
  expect(nonces).toHaveLength(1);
  return nonces[0]!;
}

/**
 * Asserts every header of an HTML response, and that every executable <script> of its HTML carries the
 * policy's nonce (so the page works under the policy, and nothing unnonced slipped in).
 */
function expectPageHeaders(res: { status: number; headers: Headers; text: string }, opts: { share?: boolean; blogOrigin?: string } = {}) {
  const h = res.headers;
  expect(h.get("content-type")).toMatch(/^text\/html/);
  const d = directives(h.get("content-security-policy"));
  const nonce = nonceOf(d);
  expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
  expect(d.get("script-src")).toEqual(expect.arrayContaining(["'self'", "'strict-dynamic'"]));
  expect(d.get("script-src")).not.toContain("'unsafe-eval'");
  expect(d.get("script-src")).not.toContain("'unsafe-inline'");
  expect(d.get("default-src")).toEqual(["'self'"]);
  expect(d.get("object-src")).toEqual(["'none'"]);
  expect(d.get("base-uri")).toEqual(["'none'"]);
  expect(d.get("frame-ancestors")).toEqual(["'none'"]);
  const connect = d.get("connect-src")!;
  expect(connect).toEqual(expect.arrayContaining(["'self'", RPC_ORIGIN]));
  if (opts.blogOrigin) expect(connect).toContain(opts.blogOrigin);
  else expect(connect).toHaveLength(2);
  expect(d.get("img-src")).toEqual(expect.arrayContaining(["'self'", "data:", "blob:"]));
  expect(d.has("upgrade-insecure-requests")).toBe(false); // the test hub is plain http
  expect(h.get("x-content-type-options")).toBe("nosniff");
  expect(h.get("x-frame-options")).toBe("DENY");
  expect(h.get("referrer-policy")).toBe(opts.share ? "no-referrer" : "strict-origin-when-cross-origin");
  const features = h.get("permissions-policy") ?? "";
  for (const f of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(features).toContain(`${f}=()`);
  expect(h.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  expect(h.get("strict-transport-security")).toBeNull();

  const scripts = [...res.text.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!);
  const executable = scripts.filter((attrs) => !LD_JSON.test(/\btype="([^"]*)"/i.exec(attrs)?.[1] ?? ""));
  expect(executable.length, "the page has scripts").toBeGreaterThan(0);
  for (const attrs of executable) expect(/\bnonce="([^"]*)"/.exec(attrs)?.[1], `<script${attrs}>`).toBe(nonce);
}

async function hubPage(path: string, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${HUB_URL}${path}`, { headers: { ...HTML, ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers }, redirect: "manual" });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const later = () => String(Math.floor(Date.now() / 1000) + 8 * 24 * 3600); // past every share's 7-day limit

describe("hub pages, signed out and signed in", () => {
  const routes = [
    "/", "/explore", "/explore?q=tide&type=article", "/dashboard", "/dashboard/new", "/dashboard/sites", "/ledger",
    `/ledger/tx/0x${"ab".repeat(32)}`, "/stats", "/leaderboards", "/tip", "/tip?url=https://example.com/post", "/tip/held?domain=example.com",
    "/rate?contentId=nothing", "/checkout", "/no-such-page",
  ];
  const notFound = new Set(["/rate?contentId=nothing", "/no-such-page"]); // a page's own not-found state, and the 404 page
  for (const path of routes) {
    it(`${path}: every header, signed out and signed in`, async () => {
      const out = await hubPage(path);
      expect(out.status).toBe(notFound.has(path) ? 404 : 200);
      expectPageHeaders(out);
      const signedIn = await hubPage(path, { cookie: owner.cookie });
      expect(signedIn.status).toBe(out.status);
      expectPageHeaders(signedIn);
    });
  }

  it("the dashboard page of one share (signed in as its owner)", async () => {
    const res = await hubPage(`/dashboard/shares/${shares.paid!.slug}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expectPageHeaders(res);
  });

  it("a fresh nonce on every response", async () => {
    const [a, b] = await Promise.all([hubPage("/explore"), hubPage("/explore")]);
    expect(nonceOf(directives(a.headers.get("content-security-policy")))).not.toBe(nonceOf(directives(b.headers.get("content-security-policy"))));
  });

  it("a nonce or policy sent by the client is replaced, never echoed", async () => {
    const res = await hubPage("/explore", { headers: { "x-nonce": "AAAAAAAAAAAAAAAAAAAAAA==", "content-security-policy": "script-src 'unsafe-inline'" } });
    const d = directives(res.headers.get("content-security-policy"));
    expect(nonceOf(d)).not.toBe("AAAAAAAAAAAAAAAAAAAAAA==");
    expect(res.text).not.toContain('nonce="AAAAAAAAAAAAAAAAAAAAAA=="');
    expectPageHeaders(res);
  });
});

describe("share pages (/qs/<slug>): every state, no referrer", () => {
  const cases: { name: string; slug: () => string; status: number; cookie?: () => string; headers?: () => Record<string, string>; marker: string }[] = [
    { name: "paywall (paid share, signed out)", slug: () => shares.paid!.slug, status: 200, marker: 'data-svc-state="charge"' },
    { name: "paywall (paid share, signed in without a purchase)", slug: () => shares.paid!.slug, status: 200, cookie: () => owner.cookie, marker: 'data-svc-state="charge"' },
    { name: "granted (paid share, signed in and entitled)", slug: () => shares.paid!.slug, status: 200, cookie: () => reader.cookie, marker: "Paid secret." },
    { name: "granted (free share, signed out)", slug: () => shares.free!.slug, status: 200, marker: "Free for all." },
    { name: "404 (unknown slug)", slug: () => "Zz9Zz9Zz", status: 404, marker: "No share lives at this link." },
    { name: "410 (revoked)", slug: () => shares.revoked!.slug, status: 410, marker: "revoked" },
    { name: "419 (expired)", slug: () => shares.paid!.slug, status: 419, headers: () => ({ "x-hub-test-now": later() }), marker: "" },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const res = await hubPage(`/qs/${c.slug()}`, { cookie: c.cookie?.(), headers: c.headers?.() });
      expect(res.status, res.text.slice(0, 300)).toBe(c.status);
      expect(res.text).toContain(c.marker);
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      if (c.status === 404 || c.status === 410) {
        // The error pages carry no script at all; the headers are the same.
        expect(res.headers.get("x-frame-options")).toBe("DENY");
        expect(directives(res.headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["'none'"]);
        return;
      }
      expectPageHeaders(res, { share: true });
    });
  }

  it("the pay page /qs/<slug>/unlock, signed out and signed in", async () => {
    for (const cookie of [undefined, reader.cookie]) {
      const res = await hubPage(`/qs/${shares.paid!.slug}/unlock`, { cookie });
      expect(res.status).toBe(200);
      expectPageHeaders(res, { share: true });
    }
  });
});

describe("a hosted blog's pages on its own origin", () => {
  const page = async (path: string, cookie?: string) => {
    const res = await blogRequest(blog.domain, path, { headers: HTML, cookie });
    return { status: res.status, headers: res.headers, text: res.text };
  };

  it("the index, signed out and signed in", async () => {
    for (const cookie of [undefined, blogOwnerCookie]) {
      const res = await page("/", cookie);
      expect(res.status).toBe(200);
      expect(res.text).toContain("Paid post");
      // The index has no wallet script of its own: only the headers to check.
      const d = directives(res.headers.get("content-security-policy"));
      expect(d.get("connect-src")).toEqual(["'self'", RPC_ORIGIN, originOf(blog.domain), new URL(HUB_URL).origin]);
      expect(d.get("frame-ancestors")).toEqual(["'none'"]);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("a paid post: the paywall, signed out and signed in (the owner holds no purchase of it)", async () => {
    for (const cookie of [undefined, blogOwnerCookie]) {
      const paywall = await page(paidPostPath, cookie);
      expect(paywall.status).toBe(200);
      expect(paywall.text).toContain('data-svc-state="charge"');
      expectPageHeaders(paywall, { blogOrigin: originOf(blog.domain) });
    }
  });

  it("a free post, and a post that does not exist (404)", async () => {
    const free = await page(freePostPath); // granted: the body is on the page
    expect(free.status).toBe(200);
    expect(free.text).toContain('data-svc-state="granted"');
    expect(free.text).toContain("The tide pool at dawn.");
    expectPageHeaders(free, { blogOrigin: originOf(blog.domain) });
    const missing = await page("/article/no-such-post");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-content-type-options")).toBe("nosniff");
    expect(directives(missing.headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("one nonce per response, the same in the policy and the page (the rewritten request crosses the proxy twice)", async () => {
    const res = await page(paidPostPath);
    const policies = res.headers.get("content-security-policy")!.split(/,\s*(?=default-src)/);
    expect(policies).toHaveLength(1);
    expectPageHeaders(res, { blogOrigin: originOf(blog.domain) });
  });
});

describe("JSON, media and error responses", () => {
  it("JSON answers carry nosniff and are never HTML", async () => {
    for (const path of ["/hub/stats", "/hub/explore/content?limit=1", `/quickshare/${shares.free!.slug}/meta`, "/api/openapi.json"]) {
      const res = await api(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    // An API answer is never a page: its policy runs no script, so it carries no nonce (and costs none to make).
    for (const path of ["/hub/stats", "/hub/explore/content?limit=1", `/quickshare/${shares.free!.slug}/meta`]) {
      const d = directives((await api(path)).headers.get("content-security-policy"));
      expect(d.get("script-src"), path).toEqual(["'none'"]);
      expect(d.get("frame-ancestors"), path).toEqual(["'none'"]);
    }
  });

  it("API answers come from the edge's call of the route handler: no Vary of Next's router (a cache keeps one copy)", async () => {
    // Next's router adds `Vary: rsc, next-router-state-tree, …` to every route handler's answer; the edge
    // (lib/edge/serve-route.ts) calls the handlers itself. A route's own Vary stays (the gzip sitemap's).
    for (const path of ["/hub/stats", "/.well-known/x402", `/quickshare/${shares.free!.slug}/meta`, "/hub/widget.js"]) {
      const res = await api(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("vary") ?? "", path).not.toMatch(/rsc|next-router/i);
    }
    const challenge = await fetch(`${HUB_URL}/hub/pay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ contentId: "missing-content-id" }) });
    expect(challenge.headers.get("vary") ?? "").not.toMatch(/rsc|next-router/i);
    expect((await api("/hub/sitemap/content")).headers.get("vary")).toMatch(/accept-encoding/i);
    // What Next still serves (a trailing slash: its 308) keeps Next's answer.
    const slash = await fetch(`${HUB_URL}/hub/stats/`, { redirect: "manual" });
    expect(slash.status).toBe(308);
    expect(slash.headers.get("location")).toBe("/hub/stats");
  });

  it("an error answer names hostile input only inside JSON, never as HTML", async () => {
    const hostile = encodeURIComponent("<script>alert(1)</script>");
    for (const path of [`/hub/explore/content?limit=${hostile}`, `/quickshare/${hostile}/meta`, `/hub/site/verify-status?domain=${hostile}`]) {
      const res = await fetch(`${HUB_URL}${path}`, { headers: HTML });
      const text = await res.text();
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      // The input may be named in `details`, but only as a JSON string, which nosniff keeps from being read as HTML.
      expect(() => JSON.parse(text)).not.toThrow();
    }
    // An unknown API path is a JSON 404 (issue 14); an unknown page is the 404 page: headers on, no input reflected.
    const apiMiss = await fetch(`${HUB_URL}/hub/no-such-route/${hostile}`, { headers: HTML });
    expect(apiMiss.status).toBe(404);
    expect(apiMiss.headers.get("content-type")).toMatch(/^application\/json/);
    expect(apiMiss.headers.get("x-content-type-options")).toBe("nosniff");
    const missText = await apiMiss.text();
    expect(() => JSON.parse(missText)).not.toThrow();
    const notFound = await hubPage(`/no-such-page/${hostile}`);
    expect(notFound.status).toBe(404);
    expect(notFound.text).not.toContain("<script>alert(1)");
    expectPageHeaders(notFound);
  });

  it("media keep their own sandboxing policy, with nosniff", async () => {
    const share = await createShare(owner, { content: "svc-embed://0", media: [await uploadPng()] });
    const res = await media(share.slug, "photo");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox");
    const legacy = await fetch(`${HUB_URL}/api/quickshare/${share.slug}/media/photo?index=0`);
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get("content-security-policy")).toMatch(/; sandbox$/);
  });

  it("uploads answer JSON with nosniff", async () => {
    const form = new FormData();
    form.set("file", new Blob([pngBytes], { type: "image/png" }), "dot.png");
    const res = await fetch(`${HUB_URL}/uploads/content?encrypted=1`, { method: "POST", body: form, headers: { cookie: owner.cookie } });
    expect(res.status).toBe(201);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("operator settings: embedding sites, a media CDN, https", () => {
  let hub: ExtraHub;
  beforeAll(async () => {
    hub = await startExtraHub({
      HUB_ORIGIN: "https://hub.example",
      FRAME_ANCESTORS: "https://partner.example, https://news.example:8443/some/path",
      CSP_MEDIA_ORIGINS: "https://cdn.example",
    });
  }, 90_000);
  afterAll(() => hub?.stop());

  it("frame-ancestors lists the embedding sites (no X-Frame-Options), img/media-src the CDN, HSTS and upgrades on https", async () => {
    const res = await fetch(`${hub.url}/explore`, { headers: HTML });
    expect(res.status).toBe(200);
    const d = directives(res.headers.get("content-security-policy"));
    expect(d.get("frame-ancestors")).toEqual(["https://partner.example", "https://news.example:8443"]);
    expect(res.headers.get("x-frame-options")).toBeNull();
    expect(d.get("img-src")).toContain("https://cdn.example");
    expect(d.get("media-src")).toContain("https://cdn.example");
    expect(d.has("upgrade-insecure-requests")).toBe(true);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
    await res.arrayBuffer();
  });
  // Settings that are not http(s) origins are refused at start: lib/http/security-headers.test.ts.
});

// A 1×1 PNG.
const pngBytes = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));

async function uploadPng(): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([pngBytes], { type: "image/png" }), "dot.png");
  const res = await fetch(`${HUB_URL}/uploads/content?encrypted=1`, { method: "POST", body: form, headers: { cookie: owner.cookie } });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
  return body.storageRef as string;
}
