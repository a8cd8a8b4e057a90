// Verification against a creator's real web site: an HTTP server on loopback. The hub under test
// keeps the production SSRF policy (sites.test.ts shows it refusing loopback), so this file starts a
// second hub on the same database with the test-only SITE_FETCH_ALLOW_HOSTS pinning the test
// domains to that server — and nothing else: a redirect to another loopback name is still refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCreatorSite } from "../support/creator-site";
import { testDb } from "../support/db";
import { type ExtraHub, hubClient, startExtraHub } from "../support/extra-hub";
import { api, signIn } from "../support/hub";
import { cleanupRun, createSite, newWallet, RUN } from "../support/sites";

const db = testDb();
const owner = newWallet();
const d = (label: string) => `${label}-${RUN}.test`;
const DOMAINS = ["file", "meta", "wrong", "redirect", "big", "widget", "live", "renew"].map(d);

let creator: Awaited<ReturnType<typeof startCreatorSite>>;
let hub: ExtraHub;
let client: ReturnType<typeof hubClient>;
let cookie = "";

beforeAll(async () => {
  creator = await startCreatorSite();
  hub = await startExtraHub({ SITE_FETCH_ALLOW_HOSTS: DOMAINS.map((x) => `${x}=127.0.0.1:${creator.port}`).join(",") });
  client = hubClient(hub.url);
  cookie = await signIn(owner); // sessions live in the shared database
}, 90_000);

afterAll(async () => {
  await hub?.stop();
  await creator?.close();
});

const home = (head: string, body = "") => ({ body: `<!doctype html><html><head>${head}</head><body>${body}</body></html>` });
const register = async (domain: string, name?: string) => {
  const res = await client.api("/hub/sites/register", { json: { domain, name }, cookie });
  expect(res.status).toBe(200);
  return res.body.site as { id: string; siteKey: string; verifyToken: string; verification: { widget: { snippet: string } } };
};
const verify = (id: string, body: Record<string, unknown> = {}) => client.api(`/hub/sites/${id}/verify`, { json: body, cookie });


afterAll(cleanupRun);
describe("owner-link verification against a creator site", () => {
  it("proves the domain with /.well-known/svc-owner.txt and reads the site's meta from its home page", async () => {
    const domain = d("file");
    creator.set(domain, "/.well-known/svc-owner.txt", { body: `# owners of ${domain}\n${owner.address.toLowerCase()}\n`, headers: { "content-type": "text/plain" } });
    creator.set(domain, "/", home(`<title>File Letters</title><meta name="description" content="Letters by file."><link rel="icon" href="/static/icon.png"><meta property="og:image" content="https://cdn.example/og.png">`));
    const site = await register(domain);
    const res = await verify(site.id, { method: "owner-link" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      verified: true,
      method: "owner-link",
      site: { verified: true, verificationStatus: "verified", verificationSource: "owner-link", name: "File Letters", description: "Letters by file.", faviconUrl: `http://${domain}/static/icon.png`, ogImageUrl: "https://cdn.example/og.png", ownerWallets: [owner.address] },
    });
    expect(res.body.attempts).toContainEqual({ url: `http://${domain}/.well-known/svc-owner.txt`, ok: true, detail: `names ${owner.address}` });
    expect(res.body.attempts[0]).toMatchObject({ url: `https://${domain}/.well-known/svc-owner.txt`, ok: false }); // https first
    expect(creator.hits).toContain(`${domain}/.well-known/svc-owner.txt`); // the original Host was sent

    // The hub under test reads the same database: the public status shows the proof and the meta.
    const status = await api(`/hub/site/verify-status?domain=${domain}`);
    expect(status.body).toMatchObject({
      verified: true,
      verificationStatus: "verified",
      verificationSource: "owner-link",
      name: "File Letters",
      ownerWallets: [owner.address],
      publisher: { wallet: owner.address },
      siteMeta: { name: "File Letters", description: "Letters by file.", faviconUrl: `http://${domain}/static/icon.png`, ogImageUrl: "https://cdn.example/og.png" },
    });
    expect(Date.now() - Date.parse(status.body.lastVerifiedAt)).toBeLessThan(60_000);
  });

  it("proves the domain with a <meta name=\"svc:owner\"> tag, keeping the name the owner chose", async () => {
    const domain = d("meta");
    creator.set(domain, "/", home(`<title>Page Title</title><meta name="svc:owner" content="${owner.address}">`));
    const site = await register(domain, "My Own Name");
    const res = await verify(site.id);
    expect(res.body).toMatchObject({ verified: true, method: "owner-link", site: { verificationSource: "owner-link", name: "My Own Name" } });
    expect(res.body.attempts).toContainEqual({ url: `http://${domain}/`, ok: true, detail: `meta svc:owner names ${owner.address}` });
  });

  it("does not verify when the proof names another wallet", async () => {
    const domain = d("wrong");
    creator.set(domain, "/.well-known/svc-owner.txt", { body: newWallet().address });
    creator.set(domain, "/", home(`<meta name="svc:owner" content="${newWallet().address}">`));
    const site = await register(domain);
    const res = await verify(site.id);
    expect(res.body).toMatchObject({ verified: false, site: { verified: false, verificationStatus: "failed", lastVerifiedAt: null } });
    expect(res.body.attempts).toContainEqual({ url: `http://${domain}/.well-known/svc-owner.txt`, ok: false, detail: "does not name your wallet" });
    expect(await db.siteOwnerWallet.count({ where: { siteId: site.id } })).toBe(0);
  });

  it("refuses redirects to addresses outside the allowlist, checked on every hop", async () => {
    const domain = d("redirect");
    creator.set(domain, "/.well-known/svc-owner.txt", { status: 302, headers: { location: `http://localhost:${creator.port}/.well-known/svc-owner.txt` } });
    creator.set(domain, "/", { status: 301, headers: { location: "http://10.0.0.1/" } });
    const before = creator.hits.filter((h) => h.startsWith("localhost")).length;
    const site = await register(domain);
    const res = await verify(site.id);
    expect(res.body.verified).toBe(false);
    const refused = res.body.attempts.filter((a: { detail: string }) => a.detail.startsWith("refused (blocked-address)"));
    expect(refused.map((a: { url: string }) => a.url)).toEqual([`http://${domain}/.well-known/svc-owner.txt`, `http://${domain}/`]);
    expect(refused[0].detail).toContain(`after a redirect to http://localhost:${creator.port}/`);
    expect(refused[1].detail).toContain("after a redirect to http://10.0.0.1/");
    expect(creator.hits.filter((h) => h.startsWith("localhost")).length).toBe(before); // never fetched
  });

  it("refuses an oversize proof page", async () => {
    const domain = d("big");
    creator.set(domain, "/.well-known/svc-owner.txt", { body: `${owner.address}\n${"#".repeat(600 * 1024)}` });
    const site = await register(domain);
    const res = await verify(site.id);
    expect(res.body.verified).toBe(false);
    expect(res.body.attempts).toContainEqual({ url: `http://${domain}/.well-known/svc-owner.txt`, ok: false, detail: expect.stringMatching(/^refused \(too-large\)/) });
  });
});

describe("widget verification against a creator site", () => {
  it("proves the domain when a page embeds the widget with the site's public key", async () => {
    const domain = d("widget");
    const site = await register(domain);
    creator.set(domain, "/", home("<title>Widget Site</title>", "<p>no widget yet</p>"));
    const missing = await verify(site.id, { method: "widget" });
    expect(missing.body).toMatchObject({ verified: false, attempts: expect.arrayContaining([{ url: `http://${domain}/`, ok: false, detail: "does not embed the widget with this site's key" }]) });

    creator.set(domain, "/posts/1", home("<title>Post</title>", site.verification.widget.snippet));
    const outside = await verify(site.id, { method: "widget", pageUrl: `http://elsewhere-${RUN}.test/posts/1` }); // not on the domain: the home page is used
    expect(outside.body.verified).toBe(false);
    const ok = await verify(site.id, { method: "widget", pageUrl: `http://${domain}/posts/1` });
    expect(ok.body).toMatchObject({ verified: true, method: "widget", site: { verificationSource: "widget", name: "Widget Site" } });
  });

  it("verifies a pending site from the widget's first event, then counts its events on any hub instance", async () => {
    const domain = d("live");
    const site = await register(domain);
    const page = `http://${domain}/article/first`;
    creator.set(domain, "/article/first", home("<title>First</title>", `<article data-svc-resource="first" data-svc-title="First post ${RUN}">…</article>${site.verification.widget.snippet}`));
    const event = { siteId: site.id, token: site.siteKey, event: "resource_view", url: page, resource: { id: "first", title: `First post ${RUN}` } };
    const res = await client.api("/hub/evt", { json: event, headers: { origin: `http://${domain}` } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, counted: true });
    expect((await api(`/hub/site/verify-status?domain=${domain}`)).body).toMatchObject({ verified: true, verificationSource: "widget" });
    expect((await api("/hub/evt", { json: event, headers: { origin: `http://${domain}` } })).status).toBe(200);
    const card = (await api(`/hub/explore/content?q=${encodeURIComponent(`first post ${RUN}`)}`)).body.content[0];
    expect(card).toMatchObject({ externalId: "first", websiteDomain: domain, views: 2, websiteVerified: true });
  });

  it("renews a stale verification from an event when the widget is still on the page", async () => {
    const domain = d("renew");
    const fx = await createSite({ domain, lastVerifiedAt: new Date(Date.now() - 45 * 86_400_000) });
    creator.set(domain, "/", home("<title>Renewed</title>", `<script src="x" data-site-id="${fx.id}" data-site-key="${fx.siteKey}"></script>`));
    const res = await client.api("/hub/evt", { json: { siteId: fx.id, token: fx.siteKey, url: `http://${domain}/` }, headers: { origin: `http://${domain}` } });
    expect(res.status).toBe(200);
    const row = await db.site.findUniqueOrThrow({ where: { id: fx.id } });
    expect(Date.now() - row.lastVerifiedAt!.getTime()).toBeLessThan(60_000);
    expect(row.verificationSource).toBe("widget");
  });
});
