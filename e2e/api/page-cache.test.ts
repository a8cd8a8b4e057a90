// Whole reader pages kept for anonymous readers (lib/edge/page-cache.ts) on a hub of its own with
// READ_CACHE_MS on (the main test hub runs without it): a share, blog or discovery page is rendered once per
// bound, every hit carries a fresh CSP nonce on every script, a write through the instance drops it (but
// a write of counts only, a widget event or a view, which drops the JSON answers), an active share's page is never served past its expiry, a kept post page still counts every reader's
// view, and nothing personal (a cookie, credentials, Next's client-router requests, agents) is ever
// answered from it.
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost } from "../support/blog";
import { testDb } from "../support/db";
import { type ExtraHub, hubClient, startExtraHub } from "../support/extra-hub";
import { rawGet } from "../support/hub";
import { createShare, person, type Person } from "../support/quickshare";
import { cleanupRun, createSite } from "../support/sites";

const html = { accept: "text/html,application/xhtml+xml" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cspNonce = (h: Headers) => /'nonce-([^']+)'/.exec(h.get("content-security-policy") ?? "")?.[1];
const nonceAttrs = (body: string) => [...body.matchAll(/\bnonce="([^"]*)"/g)].map((m) => m[1]);

describe("page cache", () => {
  let hub: ExtraHub;
  let client: ReturnType<typeof hubClient>;
  let owner: Person;
  /** The owner's session on this hub (shares are made on the main hub, revoked here). */
  let ownerHere: string;
  let port: number;

  beforeAll(async () => {
    // A long bound, so only what the cache itself decides (writes, expiry, who asks) ends a kept page.
    hub = await startExtraHub({ READ_CACHE_MS: "60000", SETTLE_INTERVAL_MS: "0", GATEWAY_INDEX_INTERVAL_MS: "0" });
    client = hubClient(hub.url);
    port = Number(new URL(hub.url).port);
    owner = await person();
    ownerHere = await client.signIn(owner.account);
  }, 120_000);

  afterAll(async () => {
    await hub?.stop();
    await cleanupBlogs();
    await cleanupRun();
  });

  const page = async (slug: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${hub.url}/qs/${slug}`, { headers: { ...html, ...headers } });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  it("renders an anonymous reader's share page once and serves every later reader a copy with a fresh nonce", async () => {
    const share = await createShare(owner, { title: "Kept page", content: "# Heading\n\nA **kept** body." });
    const first = await page(share.slug);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-hub-cache")).toBeNull();
    const second = await page(share.slug);
    expect(second.status).toBe(200);
    expect(second.headers.get("x-hub-cache")).toBe("hit");
    for (const res of [first, second]) {
      expect(res.body).toContain("<h1>Heading</h1>");
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("link")).toContain(`/quickshare/${share.slug}/manifest`);
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    }
    const [a, b] = [cspNonce(first.headers)!, cspNonce(second.headers)!];
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(b).not.toBe(a);
    // Every script of the copy carries the copy's own nonce, none the render's.
    expect(nonceAttrs(first.body).length).toBeGreaterThan(0);
    expect(nonceAttrs(second.body)).toEqual(nonceAttrs(first.body).map(() => b));
    expect(second.body).not.toContain(a);
    expect(second.body.replaceAll(b, a)).toBe(first.body);
    // A third reader: yet another nonce.
    const third = await page(share.slug);
    expect(cspNonce(third.headers)).not.toBe(b);
    expect(third.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
  });

  it("renders a page once for readers who ask at the same time: the others wait and are served its copy", async () => {
    const path = `/explore?sort=hot-new&q=flight${Date.now().toString(36)}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const res = await fetch(`${hub.url}${path}`, { headers: html });
        return { status: res.status, headers: res.headers, body: await res.text() };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const how = answers.map((a) => a.headers.get("x-hub-cache"));
    expect(how.filter((h) => h === null)).toHaveLength(1); // one render
    expect(how.filter((h) => h !== null).every((h) => h === "shared" || h === "hit"), how.join()).toBe(true);
    expect(how, "the others asked while it rendered").toContain("shared");
    // Each copy has its own nonce and is otherwise the render.
    const rendered = answers[how.indexOf(null)]!;
    const nonce = cspNonce(rendered.headers)!;
    for (const a of answers) {
      if (a === rendered) continue;
      const own = cspNonce(a.headers)!;
      expect(own).not.toBe(nonce);
      expect(a.body.replaceAll(own, nonce)).toBe(rendered.body);
    }
  });

  it("compresses a kept page for a reader who accepts gzip", async () => {
    const share = await createShare(owner, { title: "Kept and compressed", content: "Words ".repeat(400) });
    await page(share.slug);
    const res = await rawGet(`${hub.url}/qs/${share.slug}`, { ...html, "accept-encoding": "gzip, deflate, br" });
    expect(res.headers["x-hub-cache"]).toBe("hit");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(String(res.headers.vary)).toMatch(/Accept-Encoding/i);
    const text = gunzipSync(res.bytes).toString("utf8");
    expect(text).toContain("Kept and compressed");
    expect(Number(res.headers["content-length"])).toBe(res.bytes.byteLength);
  });

  it("never answers a reader with a cookie, credentials, a client-router request, HEAD or an agent from it", async () => {
    const share = await createShare(owner, { title: "Not for everyone" });
    await page(share.slug);
    expect((await page(share.slug)).headers.get("x-hub-cache")).toBe("hit");
    const personal: Record<string, string>[] = [
      { cookie: ownerHere },
      { cookie: "anything=1" },
      { "x-svc-payment-proof": "not-a-proof" },
      { "x-svc-actor": "human" },
      { rsc: "1" },
      { "next-router-prefetch": "1" },
    ];
    for (const headers of personal) expect((await page(share.slug, headers)).headers.get("x-hub-cache"), JSON.stringify(headers)).toBeNull();
    // The owner's own page (signed in) is rendered for the owner.
    expect((await page(share.slug, { cookie: ownerHere })).body).toContain("Not for everyone");
    const agent = await fetch(`${hub.url}/qs/${share.slug}`, { headers: { accept: "application/json" } });
    expect(agent.headers.get("content-type")).toMatch(/json/);
    expect(agent.headers.get("x-hub-cache")).toBeNull();
    const head = await fetch(`${hub.url}/qs/${share.slug}`, { method: "HEAD", headers: html });
    expect(head.headers.get("x-hub-cache")).toBeNull();
    // A client cannot name a render to keep: its own x-hub-page-cache is dropped.
    expect((await page(share.slug, { "x-hub-page-cache": "mine" })).headers.get("x-hub-cache")).toBe("hit");
  });

  it("drops kept pages on a write through the instance, and keeps the 410 and 404 pages too", async () => {
    const share = await createShare(owner, { title: "Soon revoked" });
    await page(share.slug);
    expect((await page(share.slug)).headers.get("x-hub-cache")).toBe("hit");
    expect((await client.api(`/quickshare/${share.slug}`, { method: "DELETE", cookie: ownerHere })).status).toBe(200);
    const gone = await page(share.slug);
    expect(gone.status).toBe(410);
    expect(gone.headers.get("x-hub-cache")).toBeNull();
    const again = await page(share.slug);
    expect(again.status).toBe(410);
    expect(again.headers.get("x-hub-cache")).toBe("hit");
    const unknown = `zz${Date.now().toString(36)}`;
    expect((await page(unknown)).status).toBe(404);
    const kept404 = await page(unknown);
    expect(kept404.status).toBe(404);
    expect(kept404.headers.get("x-hub-cache")).toBe("hit");
  });

  it("never serves an active share's kept page past its expiry", async () => {
    const share = await createShare(owner, { title: "Short-lived" });
    await testDb().quickshare.update({ where: { id: share.id }, data: { expiresAt: new Date(Date.now() + 2_500) } });
    expect((await page(share.slug)).status).toBe(200);
    expect((await page(share.slug)).headers.get("x-hub-cache")).toBe("hit");
    await sleep(3_000);
    const expired = await page(share.slug);
    expect(expired.status).toBe(419);
    expect(expired.headers.get("x-hub-cache")).toBeNull();
  });

  it("keeps a blog's index and post pages for anonymous readers, and counts every reader's view", async () => {
    const blog = await createBlog(owner, "pc");
    const admin = await blogSignIn(blog.domain, owner.account);
    const post = await createPost(blog.domain, admin, { title: "Kept post", body: "Read *me*.", price: "0" });
    const get = (path: string, cookie?: string) => blogRequest(blog.domain, path, { port, headers: html, cookie });
    const views = async () => (await testDb().blogPost.findUniqueOrThrow({ where: { id: post.id } })).views;
    const before = await views();
    const reads = [await get(post.path), await get(post.path), await get(post.path)];
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(reads.map((r) => r.headers.get("x-hub-cache"))).toEqual([null, "hit", "hit"]);
    expect(reads[2]!.text).toContain("Kept post");
    expect(reads[2]!.headers.get("link")).toContain("/api/svc/manifest?path=");
    // Views are written together about a second later (lib/blog/post-views.ts).
    for (let i = 0; i < 40 && (await views()) < before + 3; i++) await sleep(250);
    expect(await views()).toBe(before + 3);
    const index = [await get("/"), await get("/")];
    expect(index.map((r) => r.headers.get("x-hub-cache"))).toEqual([null, "hit"]);
    expect(index[1]!.text).toContain("Kept post");
    // A reader with a session (here the blog's admin) is never served the kept page.
    const own = await get(post.path, admin);
    expect(own.status).toBe(200);
    expect(own.headers.get("x-hub-cache")).toBeNull();
  });

  it("keeps the hub's discovery pages (home, explore, ledger, stats, leaderboards) for anonymous readers, per query, until a write", async () => {
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${hub.url}${path}`, { headers: { ...html, ...headers }, redirect: "manual" });
      return { status: res.status, headers: res.headers, body: await res.text() };
    };
    const paths = ["/", "/explore", "/explore?sort=hot-new&q=kept", "/ledger", "/ledger?type=tips", "/stats", "/leaderboards", "/leaderboards?type=sites"];
    for (const path of paths) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("x-hub-cache"), path).toBeNull();
      const second = await get(path);
      expect(second.headers.get("x-hub-cache"), path).toBe("hit");
      const [a, b] = [cspNonce(first.headers)!, cspNonce(second.headers)!];
      expect(b, path).not.toBe(a);
      expect(nonceAttrs(second.body).length, path).toBeGreaterThan(0);
      expect(second.body.replaceAll(b, a), path).toBe(first.body);
      // A signed-in reader, or one with any cookie, is rendered for.
      expect((await get(path, { cookie: ownerHere })).headers.get("x-hub-cache"), path).toBeNull();
      expect((await get(path, { cookie: "anything=1" })).headers.get("x-hub-cache"), path).toBeNull();
    }
    // Another query is another page.
    expect((await get("/explore?sort=best-sellers")).headers.get("x-hub-cache")).toBeNull();
    // A write through the instance drops every kept page.
    const share = await createShare(owner, { title: "A write" });
    expect((await client.api(`/quickshare/${share.slug}`, { method: "DELETE", cookie: ownerHere })).status).toBe(200);
    for (const path of paths) expect((await get(path)).headers.get("x-hub-cache"), path).toBeNull();
    // Pages that are someone's are never kept.
    for (const path of ["/purchases", "/dashboard", "/tip"]) {
      await get(path);
      expect((await get(path)).headers.get("x-hub-cache"), path).toBeNull();
    }
  });

  it("keeps pages across writes of counts only (widget events, a share's view), which drop the JSON answers, and drops them when an event lists a new item", async () => {
    const get = async (path: string) => (await fetch(`${hub.url}${path}`, { headers: html })).headers.get("x-hub-cache");
    const stats = async () => (await fetch(`${hub.url}/hub/stats`)).headers.get("x-hub-cache");
    const site = await createSite();
    const share = await createShare(owner, { title: "Counted" });
    const event = (fields: Record<string, unknown>) =>
      fetch(`${hub.url}/hub/evt`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ siteId: site.id, token: site.token, ...fields }) });
    const item = { event: "resource_view", url: `https://${site.domain}/new`, resource: { id: `new-${Date.now().toString(36)}`, title: "Newly listed", url: `https://${site.domain}/new` } };
    const paths = ["/explore", "/ledger", "/stats", `/qs/${share.slug}`];
    const keepAll = async () => {
      for (const path of paths) await get(path);
      for (const path of paths) expect(await get(path), path).toBe("hit");
      await stats();
      expect(await stats()).toBe("hit");
    };
    await keepAll();
    expect((await event({ event: "page_view", url: `https://${site.domain}/` })).status).toBe(200);
    expect((await fetch(`${hub.url}/quickshare/${share.slug}/view`, { method: "POST" })).status).toBe(200);
    for (const path of paths) expect(await get(path), path).toBe("hit");
    expect(await stats()).toBe("miss");
    // An event that lists a new item writes more than counts: the pages go too.
    expect((await event(item)).status).toBe(200);
    for (const path of paths) expect(await get(path), path).toBeNull();
    // The same event again lists nothing new: counts only.
    await keepAll();
    expect((await event(item)).status).toBe(200);
    for (const path of paths) expect(await get(path), path).toBe("hit");
    expect(await stats()).toBe("miss");
  });
});
