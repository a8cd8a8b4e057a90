// Hosted blogs on their own origin: host routing, two blogs on one app without leaking posts or
// sessions, blog sessions (sb_auth_session), admin post CRUD with encryption at rest, drafts 404,
// teasers, manifests and server-rendered pages.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TAG_BYTES } from "../../lib/crypto/aes-gcm";
import { STREAM_HEADER_BYTES } from "../../lib/crypto/stream-blob";
import { hubSecrets } from "../support/extra-hub";
import { api, HUB_URL, siweMessage } from "../support/hub";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, freshAccount, originOf, PORT } from "../support/blog";
import { closeDb, db, person, type Person } from "../support/quickshare";

afterAll(async () => {
  await cleanupBlogs();
  await closeDb();
});

let alice: Person;
let bob: Person;
let a: { domain: string; siteId: string };
let b: { domain: string; siteId: string };
let aCookie: string;
let bCookie: string;

beforeAll(async () => {
  [alice, bob] = await Promise.all([person(), person()]);
  [a, b] = await Promise.all([createBlog(alice, "a"), createBlog(bob, "b")]);
  [aCookie, bCookie] = await Promise.all([blogSignIn(a.domain, alice.account), blogSignIn(b.domain, bob.account)]);
});

describe("two blogs on two hosts, one app", () => {
  it("each host serves only its own posts", async () => {
    const pa = await createPost(a.domain, aCookie, { title: "Alpha only", slug: "alpha-only", body: "Alpha body." });
    const pb = await createPost(b.domain, bCookie, { title: "Beta only", slug: "beta-only", body: "Beta body." });
    expect((await blogRequest(a.domain, "/api/blog/posts/alpha-only")).body.post).toMatchObject({ id: pa.id, body: "Alpha body.", isLocked: false });
    expect((await blogRequest(b.domain, "/api/blog/posts/beta-only")).body.post).toMatchObject({ id: pb.id, body: "Beta body." });
    // Across hosts: unknown, whatever the path form.
    expect((await blogRequest(b.domain, "/api/blog/posts/alpha-only")).status).toBe(404);
    expect((await blogRequest(b.domain, "/api/svc/access?path=/article/alpha-only")).status).toBe(404);
    expect((await blogRequest(b.domain, "/api/article/alpha-only")).status).toBe(404);
    expect((await blogRequest(b.domain, `/api/svc/posts/${pa.id}/quote`)).status).toBe(404);
    expect((await blogRequest(a.domain, "/article/beta-only", { headers: { accept: "text/html" } })).status).toBe(404);
    const svcA = await blogRequest(a.domain, "/svc.json");
    expect(svcA.status).toBe(200);
    expect(svcA.body.content.map((c: { id: string }) => c.id)).toEqual([pa.id]);
    expect(svcA.body.content[0]).toMatchObject({ title: "Alpha only", type: "article", price: "0", currency: "USDC", path: "/article/alpha-only", url: `${originOf(a.domain)}/article/alpha-only`, access: { humans: "free", agents: "free" }, unlock: { mode: "one_time" } });
    const index = await blogRequest(a.domain, "/");
    expect(index.status).toBe(200);
    expect(index.text).toContain("Alpha only");
    expect(index.text).not.toContain("Beta only");
    expect(index.text).toContain(`<link rel="alternate" type="application/json" href="${originOf(a.domain)}/svc.json"`);
  });

  it("a blog session is good on its own blog only; admin actions need the admin role", async () => {
    const me = await blogRequest(a.domain, "/api/auth/me", { cookie: aCookie });
    expect(me.body).toMatchObject({ success: true, wallet: alice.address, role: "admin", site: { id: a.siteId, domain: a.domain } });
    // Alice's cookie presented to Bob's blog (a browser never would; a thief might): no session there.
    expect((await blogRequest(b.domain, "/api/auth/me", { cookie: aCookie })).status).toBe(401);
    expect((await blogRequest(b.domain, "/api/admin/posts", { cookie: aCookie, json: { title: "Intruder" } })).status).toBe(401);
    expect((await blogRequest(b.domain, "/api/admin/posts", { cookie: aCookie })).status).toBe(401);
    // Nor is it a hub session, nor a hub session a blog session.
    expect((await api("/auth/me", { cookie: aCookie.replace("sb_auth_session", "auth_session") })).status).toBe(401);
    expect((await blogRequest(a.domain, "/api/auth/me", { cookie: alice.cookie.replace("auth_session", "sb_auth_session") })).status).toBe(401);
    // Bob signed in on Alice's blog is a reader there.
    const bobOnA = await blogSignIn(a.domain, bob.account);
    expect((await blogRequest(a.domain, "/api/auth/me", { cookie: bobOnA })).body.role).toBe("reader");
    const denied = await blogRequest(a.domain, "/api/admin/posts", { cookie: bobOnA, json: { title: "Not mine" } });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: "forbidden" });
    // A wallet the site lists as an admin (not its owner) is an admin on the blog; taken off the list, a reader.
    await db().siteOwnerWallet.create({ data: { siteId: a.siteId, wallet: bob.address, role: "admin" } });
    const bobAdmin = await blogSignIn(a.domain, bob.account);
    expect((await blogRequest(a.domain, "/api/auth/me", { cookie: bobAdmin })).body.role).toBe("admin");
    expect((await blogRequest(a.domain, "/api/admin/posts", { cookie: bobAdmin })).status).toBe(200);
    await db().siteOwnerWallet.delete({ where: { siteId_wallet: { siteId: a.siteId, wallet: bob.address } } });
    expect((await blogRequest(a.domain, "/api/auth/me", { cookie: bobAdmin })).body.role).toBe("reader");
    expect((await blogRequest(a.domain, "/api/admin/posts", { cookie: bobAdmin })).status).toBe(403);
    // A cross-origin write riding the cookie is refused.
    const cross = await blogRequest(a.domain, "/api/admin/posts", { cookie: aCookie, json: { title: "CSRF" }, headers: { origin: originOf(b.domain) } });
    expect(cross.status).toBe(403);
    expect(cross.body.code).toBe("cross-origin");
    // Logout kills the session server-side.
    const extra = await blogSignIn(a.domain, alice.account);
    expect((await blogRequest(a.domain, "/api/auth/logout", { cookie: extra, method: "POST" })).status).toBe(200);
    expect((await blogRequest(a.domain, "/api/auth/me", { cookie: extra })).status).toBe(401);
  });

  it("the session cookie is sb_auth_session, HttpOnly, and SIWE names the blog's own origin", async () => {
    const acct = freshAccount();
    const terms = await blogRequest(a.domain, "/api/auth/nonce");
    expect(terms.body).toMatchObject({ domain: `${a.domain}:${PORT}`, uri: originOf(a.domain), chainId: 5042002 });
    const message = siweMessage(acct, terms.body);
    const res = await blogRequest(a.domain, "/api/auth/verify", { json: { message, signature: await acct.signMessage({ message }) } });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^sb_auth_session=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    // A message for blog A replayed to blog B: wrong domain.
    const t2 = await blogRequest(a.domain, "/api/auth/nonce");
    const m2 = siweMessage(acct, t2.body);
    expect((await blogRequest(b.domain, "/api/auth/verify", { json: { message: m2, signature: await acct.signMessage({ message: m2 }) } })).status).toBe(401);
    // A nonce issued on the hub cannot open a blog session, even in a message naming the blog.
    const hubTerms = (await api("/auth/nonce")).body;
    const m3 = siweMessage(acct, { ...t2.body, nonce: hubTerms.nonce });
    const r3 = await blogRequest(a.domain, "/api/auth/verify", { json: { message: m3, signature: await acct.signMessage({ message: m3 }) } });
    expect(r3.status).toBe(401);
    expect(r3.body.code).toBe("invalid-nonce");
  });

  it("the hub's own host serves the hub, never the internal blog tree; unknown hosts 404", async () => {
    expect((await api(`/sb/${a.domain}/svc.json`)).status).toBe(404);
    const hubStatus = await api("/api/svc/status");
    expect(hubStatus.body.site.origin).toBe(new URL(HUB_URL).origin);
    const blogStatus = await blogRequest(a.domain, "/api/svc/status");
    expect(blogStatus.body).toMatchObject({ site: { origin: originOf(a.domain), domain: a.domain, siteId: a.siteId }, hub: { network: "testnet", chainId: 5042002 } });
    expect((await blogRequest("nobody-here.localhost", "/svc.json")).status).toBe(404);
    expect((await blogRequest("localhost", "/api/svc/status")).body.site.origin).toBe(new URL(HUB_URL).origin);
    // Only the request hook says a request is a blog's: a client's own x-hub-blog-origin (or the old
    // x-svc-blog-origin) changes nothing.
    const forged = { "x-hub-blog-origin": "http://evil.example", "x-svc-blog-origin": "http://evil.example", accept: "text/html" };
    expect((await api(`/sb/${a.domain}/svc.json`, { headers: forged })).status).toBe(404);
    const page = await api<string>("/explore", { headers: forged });
    expect(page.status).toBe(200);
    expect(page.body).toContain('class="site-header"');
    expect((await blogRequest(a.domain, "/api/svc/status", { headers: { "x-hub-blog-origin": "http://evil.example" } })).body.site.origin).toBe(originOf(a.domain));
    // Only the request hook names a blog page for Next's rewrite: a client's own x-hub-blog-page on the
    // hub's host (page, API or the legacy /api/ prefix) is dropped, and on a blog's host replaced.
    const named = { "x-hub-blog-page": a.domain, accept: "text/html" };
    const hubPage = await api<string>("/explore", { headers: named });
    expect(hubPage.status).toBe(200);
    expect(hubPage.body).toContain('class="site-header"');
    expect((await api("/svc.json", { headers: named })).status).toBe(404);
    expect((await api("/api/svc/status", { headers: named })).body.site.origin).toBe(new URL(HUB_URL).origin);
    expect((await api("/hub/stats", { headers: named })).status).toBe(200);
    const own = await blogRequest(a.domain, "/svc.json", { headers: { "x-hub-blog-page": b.domain } });
    expect(own.status).toBe(200);
    expect(own.body).toEqual((await blogRequest(a.domain, "/svc.json")).body);
  });

  it("GET /hub/sitemap-sites lists active blog domains", async () => {
    const res = await api("/hub/sitemap-sites");
    expect(res.status).toBe(200);
    expect(res.body.sites).toEqual(expect.arrayContaining([a.domain, b.domain]));
    await db().site.update({ where: { id: b.siteId }, data: { blogActive: false } });
    try {
      expect((await api("/hub/sitemap-sites")).body.sites).not.toContain(b.domain);
      expect((await blogRequest(b.domain, "/svc.json")).status).toBe(404);
    } finally {
      await db().site.update({ where: { id: b.siteId }, data: { blogActive: true } });
    }
  });
});

describe("blog administration", () => {
  it("creates, edits, publishes and unpublishes; drafts 404 everywhere; bodies are encrypted at rest", async () => {
    const secret = `Draft secret ${Date.now()}`;
    const draft = await createPost(a.domain, aCookie, { title: "Work in progress", slug: "wip", body: secret, status: "draft", price: "0" });
    expect(draft).toMatchObject({ status: "draft", publishedAt: null, encrypted: true, path: "/article/wip" });
    for (const p of ["/api/svc/access?path=/article/wip", "/api/article/wip", "/api/blog/posts/wip", "/api/svc/manifest?path=/article/wip", "/article/wip", `/api/svc/posts/${draft.id}/quote`]) {
      expect((await blogRequest(a.domain, p)).status, p).toBe(404);
    }
    expect((await blogRequest(a.domain, `/api/svc/media/${draft.id}/photo`)).status).toBe(404);
    expect((await blogRequest(a.domain, "/svc.json")).body.content.map((c: { id: string }) => c.id)).not.toContain(draft.id);
    // The admin sees drafts.
    const list = await blogRequest(a.domain, "/api/admin/posts", { cookie: aCookie });
    expect(list.body.posts.map((p: { id: string }) => p.id)).toContain(draft.id);

    const row = await db().blogPost.findUniqueOrThrow({ where: { id: draft.id } });
    expect(row.bodyStorageRef).toMatch(/^qs\/[0-9a-f]{32}$/);
    expect(row.bodyWrappedKey).toBeTruthy();
    const blob = readFileSync(path.join(process.env.DATA_DIR!, "blobs", row.bodyStorageRef!));
    // Sealed in segments (lib/crypto/stream-blob.ts): the header, then one segment of the body and its tag.
    expect(blob.length).toBe(STREAM_HEADER_BYTES + Buffer.byteLength(secret) + TAG_BYTES);
    expect(blob.toString("latin1")).not.toContain("Draft secret");

    const pub = await blogRequest(a.domain, `/api/admin/posts/${draft.id}/publish`, { cookie: aCookie, method: "POST" });
    expect(pub.body.post).toMatchObject({ status: "published" });
    expect((await blogRequest(a.domain, "/api/svc/access?path=/article/wip")).body).toMatchObject({ ok: true, content: secret, access: { via: "free" } });

    const edited = await blogRequest(a.domain, `/api/admin/posts/wip`, { cookie: aCookie, method: "PUT", json: { body: "Second draft.", title: "Revised" } });
    expect(edited.status).toBe(200);
    expect(edited.body.post.contentHash).not.toBe(row.contentHash);
    expect((await blogRequest(a.domain, "/api/article/wip")).body).toMatchObject({ content: "Second draft.", resource: { title: "Revised" } });
    expect((await db().blogPost.findUniqueOrThrow({ where: { id: draft.id } })).bodyStorageRef).not.toBe(row.bodyStorageRef);

    await blogRequest(a.domain, `/api/admin/posts/${draft.id}/unpublish`, { cookie: aCookie, method: "POST" });
    expect((await blogRequest(a.domain, "/api/article/wip")).status).toBe(404);
    expect((await blogRequest(a.domain, "/api/blog/posts/wip")).status).toBe(404);
  });

  it("posts of each type; an external video is stored as its URL only; a slug is unique per blog", async () => {
    for (const type of ["article", "music", "video", "image", "document"]) {
      const p = await createPost(a.domain, aCookie, { type, title: `A ${type}`, slug: `each-${type}`, price: "0.05", ...(type === "video" ? { externalVideoUrl: "https://video.example/watch/1" } : {}) });
      expect(p).toMatchObject({ type, path: `/${type}/each-${type}`, price: "0.05" });
    }
    const video = await db().blogPost.findFirstOrThrow({ where: { siteId: a.siteId, slug: "each-video" } });
    expect(video.externalVideoUrl).toBe("https://video.example/watch/1");
    expect(await db().media.count({ where: { resourceType: "blogpost", resourceId: video.id } })).toBe(0);
    const bad = await blogRequest(a.domain, "/api/admin/posts", { cookie: aCookie, json: { title: "x", type: "article", externalVideoUrl: "https://video.example/2" } });
    expect(bad.status).toBe(400);
    const dup = await blogRequest(a.domain, "/api/admin/posts", { cookie: aCookie, json: { title: "dup", slug: "each-article" } });
    expect(dup.status).toBe(409);
    // The same slug on the other blog is another post.
    expect((await createPost(b.domain, bCookie, { slug: "each-article", title: "Bob's" })).slug).toBe("each-article");
    const invalid = await blogRequest(a.domain, "/api/admin/posts", { cookie: aCookie, json: { title: "", price: "-1", type: "podcast" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toMatch(/title/);
    expect(invalid.body.details).toMatch(/price/);
    expect(invalid.body.details).toMatch(/type/);
  });
});

describe("teasers, manifests and pages", () => {
  it("a paid post's teaser never contains the body, key or storage reference", async () => {
    const body = `Paid body ${Date.now()} — never in a teaser`;
    const p = await createPost(a.domain, aCookie, { title: "Locked", slug: "locked", body, price: "0.25", summary: "A teaser." });
    const row = await db().blogPost.findUniqueOrThrow({ where: { id: p.id } });
    const res = await blogRequest(a.domain, "/api/blog/posts/locked");
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({ id: p.id, title: "Locked", summary: "A teaser.", price: "0.25", isLocked: true, body: null, media: null, contentKey: null, bodyStorageRef: null });
    for (const leak of [body, row.bodyStorageRef!, row.bodyWrappedKey!, row.bodyStorageRef!.split("/")[1]!]) expect(res.text).not.toContain(leak);
    const page = await blogRequest(a.domain, "/article/locked", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    for (const leak of [body, row.bodyStorageRef!, row.bodyWrappedKey!]) expect(page.text).not.toContain(leak);
    expect(page.text).toContain('id="qs-pay"');
  });

  it("the manifest, and the post page's svc: meta tags, JSON-LD, manifest link and Link header", async () => {
    const p = await createPost(a.domain, aCookie, { title: "Tide <tables>", slug: "tides", body: "High water at 06:12.", price: "0.10" });
    const origin = originOf(a.domain);
    const m = await blogRequest(a.domain, "/api/svc/manifest?path=/article/tides");
    expect(m.body).toEqual({
      schema: expect.stringMatching(/^https:\/\//),
      kind: "subblog",
      site: { name: expect.any(String), domain: a.domain, origin },
      id: p.id, title: "Tide <tables>", type: "article", price: "0.1", currency: "USDC",
      urls: { page: `${origin}/article/tides`, access: `${origin}/api/svc/access?path=%2Farticle%2Ftides`, manifest: `${origin}/api/svc/manifest?path=%2Farticle%2Ftides` },
      payment: { scheme: "x402", mode: "one_time" },
    });
    const page = await blogRequest(a.domain, "/article/tides", { headers: { accept: "text/html" } });
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("link")).toBe(`<${origin}/api/svc/manifest?path=%2Farticle%2Ftides>; rel="alternate"; type="application/json"`);
    // React writes void elements as `<meta …/>`: compare the tag up to its closing.
    for (const tag of ['<meta name="svc:title" content="Tide &lt;tables&gt;"', '<meta name="svc:content-type" content="article"', '<meta name="svc:price" content="0.1"', '<meta name="svc:currency" content="USDC"', '<meta name="svc:access" content="paid"', `<meta name="svc:manifest" content="${origin}/api/svc/manifest?path=%2Farticle%2Ftides"`]) {
      expect(page.text).toMatch(new RegExp(`${tag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/?>`));
    }
    expect(page.text).toContain('<link rel="alternate" type="application/json"');
    expect(page.text).not.toContain("High water");
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.text)![1]!);
    expect(ld).toMatchObject({ "@type": "BlogPosting", headline: "Tide <tables>", url: `${origin}/article/tides`, isAccessibleForFree: false, offers: { price: "0.1", priceCurrency: "USDC" } });
    expect(page.text).toContain(`data-svc-resource="${origin}/api/svc/access?path=%2Farticle%2Ftides"`);
    // A free post's page shows the body.
    await createPost(a.domain, aCookie, { title: "Open", slug: "open", body: "Open water." });
    expect((await blogRequest(a.domain, "/article/open", { headers: { accept: "text/html" } })).text).toContain("Open water.");
  });
});

describe("sync to the peer hub", () => {
  it("a hosted blog's published posts are in its verified identity; drafts and unpublished posts are not", async () => {
    const secret = hubSecrets().PEER_SECRET;
    const pub = await createPost(b.domain, bCookie, { title: "Synced", slug: "synced", price: "0.05" });
    await createPost(b.domain, bCookie, { title: "Unsynced", slug: "unsynced", status: "draft" });
    const res = await api(`/hub/site/verified-identities?domains=${b.domain}`, { headers: { "x-peer-secret": secret } });
    expect(res.status).toBe(200);
    const [identity] = res.body.identities;
    expect(identity).toMatchObject({ id: b.siteId, domain: b.domain, hosted: true, blogActive: true, ownerWallet: bob.address, ownerWallets: [{ wallet: bob.address, role: "admin" }] });
    const slugs = identity.blogPosts.map((p: { slug: string }) => p.slug);
    expect(slugs).toContain("synced");
    expect(slugs).not.toContain("unsynced");
    expect(identity.blogPosts.find((p: { slug: string }) => p.slug === "synced")).toMatchObject({ title: "Synced", priceAtomic: "50000", type: "article" });
    await blogRequest(b.domain, `/api/admin/posts/${pub.id}/unpublish`, { cookie: bCookie, method: "POST" });
    const after = await api(`/hub/site/verified-identities?domains=${b.domain}`, { headers: { "x-peer-secret": secret } });
    expect(after.body.identities[0].blogPosts.map((p: { slug: string }) => p.slug)).not.toContain("synced");
  });
});
