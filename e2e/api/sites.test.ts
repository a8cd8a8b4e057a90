import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { api, expectError, HUB_URL, signIn } from "../support/hub";
import { cleanupRun, createSite, newWallet, RUN } from "../support/sites";

const db = testDb();
const owner = newWallet();
const other = newWallet();
let ownerCookie = "";
let otherCookie = "";

beforeAll(async () => {
  ownerCookie = await signIn(owner);
  otherCookie = await signIn(other);
});

const domainOf = (label: string) => `${label}-${RUN}.example`;


afterAll(cleanupRun);
describe("POST /hub/sites/register", () => {
  it("needs a session", async () => {
    expectError(await api("/hub/sites/register", { json: { domain: domainOf("nosession") } }), 401, "unauthorized");
    expect(await db.site.count({ where: { domain: domainOf("nosession") } })).toBe(0);
  });

  it.each([
    ["no domain", {}, "domain"],
    ["an empty domain", { domain: "" }, "domain"],
    ["a bare word", { domain: "localhost" }, "domain"],
    ["spaces", { domain: "not a domain.example" }, "domain"],
    ["the hub's own host", { domain: HUB_URL }, "hub's own domain"],
    ["a wrong type", { domain: 42 }, "domain"],
    ["a long name", { domain: domainOf("x"), name: "n".repeat(121) }, "name"],
  ])("refuses %s with 400 and records nothing", async (_label, body, field) => {
    const before = await db.site.count();
    const err = expectError(await api("/hub/sites/register", { json: body, cookie: ownerCookie }), 400, "invalid-request");
    expect(err.details).toContain(field);
    expect(await db.site.count()).toBe(before);
  });

  it("registers a pending site with its public key, its secret (once), widget snippet and owner-link proofs", async () => {
    const domain = domainOf("fresh");
    const res = await api("/hub/sites/register", { json: { domain: `https://www.${domain.toUpperCase()}/some/page`, name: "Fresh Letters" }, cookie: ownerCookie });
    expect(res.status).toBe(200);
    const site = res.body.site;
    expect(res.body).toMatchObject({ success: true, created: true });
    expect(site).toMatchObject({
      domain,
      name: "Fresh Letters",
      ownerWallet: owner.address,
      ownerWallets: [owner.address],
      verified: false,
      verificationStatus: "pending",
      verificationSource: null,
      lastVerifiedAt: null,
      hosted: false,
      contentCount: 0,
    });
    expect(site.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(site.verifyToken).toMatch(/^sk_[0-9a-f]{48}$/);
    expect(site.siteKey).toMatch(/^pk_[0-9a-f]{32}$/);
    expect(site.secretIssuedBeforeSplit).toBe(false);
    expect(site.verification.widget.scriptUrl).toMatch(/\/hub\/widget\.js$/);
    expect(site.verification.widget.snippet).toContain(`data-site-id="${site.id}"`);
    expect(site.verification.widget.snippet).toContain(`data-site-key="${site.siteKey}"`);
    // The secret goes into no snippet, and only its hash is stored.
    expect(JSON.stringify(site.verification)).not.toContain(site.verifyToken);
    const row = await db.site.findUniqueOrThrow({ where: { id: site.id } });
    expect(row.verifyToken).toBeNull();
    expect(JSON.stringify(row)).not.toContain(site.verifyToken.slice(3));
    expect(site.verification.ownerLink).toEqual({
      fileUrl: `https://${domain}/.well-known/svc-owner.txt`,
      fileContent: `${owner.address}\n`,
      metaTag: `<meta name="svc:owner" content="${owner.address}">`,
    });

    const again = await api("/hub/sites/register", { json: { domain, description: "Letters, fresh." }, cookie: ownerCookie });
    expect(again.status).toBe(200);
    // Registering again shows the same key and no secret: it was shown once.
    expect(again.body).toMatchObject({ created: false, site: { id: site.id, siteKey: site.siteKey, verifyToken: null, name: "Fresh Letters", description: "Letters, fresh." } });
    const listed = (await api("/hub/sites", { cookie: ownerCookie })).body.sites.find((s: { id: string }) => s.id === site.id);
    expect(listed).toMatchObject({ siteKey: site.siteKey, verifyToken: null });
    expect(await db.site.count({ where: { domain } })).toBe(1);
  });

  it("answers 409 when another wallet's site is verified", async () => {
    const before = await db.site.findUnique({ where: { domain: "quiet-letters.example" } });
    expectError(await api("/hub/sites/register", { json: { domain: "quiet-letters.example" }, cookie: otherCookie }), 409, "domain-registered-by-other-wallet");
    const after = await db.site.findUnique({ where: { domain: "quiet-letters.example" } });
    expect(after).toEqual(before);
  });

  it("holds an unproven registration for 24 hours against other wallets, then lets it be taken over", async () => {
    const domain = domainOf("contested");
    const first = await api("/hub/sites/register", { json: { domain }, cookie: ownerCookie });
    expect(first.status).toBe(200);
    const err = expectError(await api("/hub/sites/register", { json: { domain }, cookie: otherCookie }), 409, "domain-registered-by-other-wallet");
    expect(err.details).toContain("awaiting its proof");

    await db.site.update({ where: { id: first.body.site.id }, data: { updatedAt: new Date(Date.now() - 25 * 3600_000) } });
    const taken = await api("/hub/sites/register", { json: { domain }, cookie: otherCookie });
    expect(taken.status).toBe(200);
    expect(taken.body.site).toMatchObject({ id: first.body.site.id, ownerWallet: other.address, verificationStatus: "pending" });
    expect(taken.body.site.verifyToken).toMatch(/^sk_/);
    expect(taken.body.site.verifyToken).not.toBe(first.body.site.verifyToken);
    expect(taken.body.site.siteKey).not.toBe(first.body.site.siteKey);
    expect((await api("/hub/sites", { cookie: ownerCookie })).body.sites.map((s: { domain: string }) => s.domain)).not.toContain(domain);
  });

  it("lets exactly one of two concurrent first registrations of a domain win", async () => {
    const domain = domainOf("race");
    const [a, b] = await Promise.all([
      api("/hub/sites/register", { json: { domain }, cookie: ownerCookie }),
      api("/hub/sites/register", { json: { domain }, cookie: otherCookie }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await db.site.count({ where: { domain } })).toBe(1);
  });
});

describe("GET /hub/sites", () => {
  it("needs a session", async () => {
    expectError(await api("/hub/sites"), 401, "unauthorized");
  });

  it("lists the wallet's own sites only", async () => {
    const domain = domainOf("mine");
    await api("/hub/sites/register", { json: { domain }, cookie: otherCookie });
    const mine = await api("/hub/sites", { cookie: otherCookie });
    expect(mine.status).toBe(200);
    expect(mine.body.success).toBe(true);
    expect(mine.body.sites.map((s: { domain: string }) => s.domain)).toContain(domain);
    const theirs = await api("/hub/sites", { cookie: ownerCookie });
    expect(theirs.body.sites.map((s: { domain: string }) => s.domain)).not.toContain(domain);
  });
});

describe("DELETE /hub/sites/<websiteId>", () => {
  it("removes the owner's site; it can be restored by its owner, and taken fresh by another wallet", async () => {
    const domain = domainOf("removable");
    const site = (await api("/hub/sites/register", { json: { domain }, cookie: ownerCookie })).body.site;

    expectError(await api(`/hub/sites/${site.id}`, { method: "DELETE" }), 401, "unauthorized");
    expectError(await api(`/hub/sites/${site.id}`, { method: "DELETE", cookie: otherCookie }), 404, "not-found");
    expect((await db.site.findUnique({ where: { id: site.id } }))!.removedAt).toBeNull();

    const del = await api(`/hub/sites/${site.id}`, { method: "DELETE", cookie: ownerCookie });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, id: site.id, removed: true });
    expectError(await api(`/hub/sites/${site.id}`, { method: "DELETE", cookie: ownerCookie }), 404, "not-found");
    expect((await api(`/hub/site/verify-status?domain=${domain}`)).body).toMatchObject({ verified: false, verificationStatus: "removed" });
    expect((await api("/hub/sites", { cookie: ownerCookie })).body.sites.map((s: { id: string }) => s.id)).not.toContain(site.id);

    const back = await api("/hub/sites/register", { json: { domain }, cookie: ownerCookie });
    expect(back.body).toMatchObject({ created: false, site: { id: site.id, verificationStatus: "pending" } });
    expect(back.body.site.verifyToken).toMatch(/^sk_/);
    expect(back.body.site.verifyToken).not.toBe(site.verifyToken);

    await api(`/hub/sites/${site.id}`, { method: "DELETE", cookie: ownerCookie });
    const fresh = await api("/hub/sites/register", { json: { domain }, cookie: otherCookie });
    expect(fresh.body).toMatchObject({ created: true, site: { domain, ownerWallet: other.address } });
    expect(fresh.body.site.id).not.toBe(site.id);
  });

  it("answers 404 for an unknown id", async () => {
    expectError(await api("/hub/sites/00000000-0000-4000-8000-000000000000", { method: "DELETE", cookie: ownerCookie }), 404, "not-found");
  });
});

describe("POST /hub/sites/<websiteId>/verify with the production fetch policy", () => {
  // The hub under test has no SITE_FETCH_ALLOW_HOSTS: its SSRF guard is the production one.
  it.each([
    ["loopback", "127.0.0.2"],
    ["a private address", "10.20.30.40"],
    ["link-local (cloud metadata)", "169.254.169.254"],
    ["carrier-grade NAT", "100.64.1.1"],
  ])("refuses to fetch %s and reports why", async (_label, domain) => {
    const wallet = newWallet();
    const cookie = await signIn(wallet);
    // Registration refuses an address the verifier would refuse anyway (issue 14); a row from before
    // that rule (or written by a peer sync) still meets the verifier's own guard.
    expectError(await api("/hub/sites/register", { json: { domain }, cookie }), 400, "invalid-request");
    const site = await createSite({ domain, owner: wallet.address, verified: false });
    for (const method of ["owner-link", "widget"]) {
      const res = await api(`/hub/sites/${site.id}/verify`, { json: { method }, cookie });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, verified: false, method, site: { verified: false, verificationStatus: "failed" } });
      expect(res.body.attempts).toEqual([{ url: `https://${domain}/${method === "owner-link" ? ".well-known/svc-owner.txt" : ""}`, ok: false, detail: expect.stringMatching(/^refused \(blocked-address\)/) }]);
    }
    await api(`/hub/sites/${site.id}`, { method: "DELETE", cookie });
  });

  it("reports a domain that does not resolve", async () => {
    const domain = domainOf("nowhere");
    const site = (await api("/hub/sites/register", { json: { domain }, cookie: ownerCookie })).body.site;
    const res = await api(`/hub/sites/${site.id}/verify`, { json: {}, cookie: ownerCookie });
    expect(res.body).toMatchObject({ verified: false, method: "owner-link" });
    expect(res.body.attempts).toEqual([{ url: `https://${domain}/.well-known/svc-owner.txt`, ok: false, detail: expect.stringMatching(/^failed \(dns\)/) }]);
  });

  it("answers cross-stack without a peer hub as a failed attempt", async () => {
    const domain = domainOf("nopeer");
    const site = (await api("/hub/sites/register", { json: { domain }, cookie: ownerCookie })).body.site;
    const res = await api(`/hub/sites/${site.id}/verify`, { json: { method: "cross-stack" }, cookie: ownerCookie });
    expect(res.body).toMatchObject({ verified: false, method: "cross-stack", attempts: [{ ok: false, detail: expect.stringContaining("PEER_HUB_URL") }] });
  });

  it("checks session, ownership and input", async () => {
    const domain = domainOf("guarded");
    const site = (await api("/hub/sites/register", { json: { domain }, cookie: ownerCookie })).body.site;
    expectError(await api(`/hub/sites/${site.id}/verify`, { json: {} }), 401, "unauthorized");
    expectError(await api(`/hub/sites/${site.id}/verify`, { json: {}, cookie: otherCookie }), 404, "not-found");
    expect(expectError(await api(`/hub/sites/${site.id}/verify`, { json: { method: "dns" }, cookie: ownerCookie }), 400).details).toContain("method");
    expect(expectError(await api(`/hub/sites/${site.id}/verify`, { json: { method: "widget", pageUrl: "nope" }, cookie: ownerCookie }), 400).details).toContain("pageUrl");
    expect((await db.site.findUnique({ where: { id: site.id } }))!.verificationStatus).toBe("pending");
  });

  it("limits verification attempts per site (429)", async () => {
    const domain = domainOf("impatient");
    const site = (await api("/hub/sites/register", { json: { domain }, cookie: ownerCookie })).body.site;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await api(`/hub/sites/${site.id}/verify`, { json: {}, cookie: ownerCookie })).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const last = await api(`/hub/sites/${site.id}/verify`, { json: {}, cookie: ownerCookie });
    expectError(last, 429, "rate-limited");
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("GET /hub/site/verify-status", () => {
  it("answers every field for a verified site", async () => {
    const site = await db.site.findUniqueOrThrow({ where: { domain: "pixel-press.example" } });
    const res = await api("/hub/site/verify-status?domain=https://www.Pixel-Press.example/zines");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      verified: true,
      verificationStatus: "verified",
      domain: "pixel-press.example",
      name: "Pixel Press",
      lastVerifiedAt: site.lastVerifiedAt!.toISOString(),
      verificationSource: "owner-link",
      ownerWallets: [site.ownerWallet],
      publisher: { wallet: site.ownerWallet, username: null, avatarUrl: null },
      siteMeta: { name: "Pixel Press", description: "Illustrations and printable zines.", faviconUrl: null, ogImageUrl: null },
      ownerProfile: null,
    });
  });

  it("shows the owner's profile when there is one, and stale for an old proof", async () => {
    const fx = await createSite({ lastVerifiedAt: new Date(Date.now() - 40 * 86_400_000) });
    await db.publisherProfile.create({ data: { ownerWallet: fx.owner, username: "ada", bio: "writes", avatarUrl: "https://img.example/a.png", socials: JSON.stringify({ x: "@ada" }) } });
    const res = await api(`/hub/site/verify-status?domain=${fx.domain}`);
    expect(res.body).toMatchObject({
      verified: false,
      verificationStatus: "stale",
      ownerWallets: [fx.owner],
      publisher: { wallet: fx.owner, username: "ada", avatarUrl: "https://img.example/a.png" },
      ownerProfile: { username: "ada", bio: "writes", avatarUrl: "https://img.example/a.png", socials: { x: "@ada" } },
    });
  });

  it("answers unregistered for an unknown domain and shows no owner for a pending one", async () => {
    expect((await api(`/hub/site/verify-status?domain=${domainOf("unknown")}`)).body).toEqual({
      success: true,
      verified: false,
      verificationStatus: "unregistered",
      domain: domainOf("unknown"),
      name: "",
      lastVerifiedAt: null,
      verificationSource: null,
      ownerWallets: [],
      publisher: null,
      siteMeta: { name: "", description: "", faviconUrl: null, ogImageUrl: null },
      ownerProfile: null,
    });
    const domain = domainOf("pending-status");
    await api("/hub/sites/register", { json: { domain, name: "Pending" }, cookie: ownerCookie });
    expect((await api(`/hub/site/verify-status?domain=${domain}`)).body).toMatchObject({ verified: false, verificationStatus: "pending", name: "Pending", ownerWallets: [], publisher: null });
  });

  it.each([["", "domain"], ["?domain=", "domain"], ["?domain=localhost", "domain"]])("refuses %j with 400", async (qs, field) => {
    expect(expectError(await api(`/hub/site/verify-status${qs}`), 400, "invalid-request").details).toContain(field);
  });
});

describe("blog link tokens", () => {
  it("mints a wallet-bound token that verifies exactly once", async () => {
    expectError(await api("/hub/blog/link/generate", { json: {} }), 401, "unauthorized");
    const gen = await api("/hub/blog/link/generate", { json: {}, cookie: ownerCookie });
    expect(gen.status).toBe(200);
    expect(gen.body).toMatchObject({ success: true, wallet: owner.address, siteId: null });
    expect(gen.body.token).toMatch(/^bl_[A-Za-z0-9_-]{32}$/);
    const ttl = new Date(gen.body.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    expect(await db.blogLinkToken.count({ where: { token: gen.body.token } })).toBe(0); // stored hashed

    const results = await Promise.all([1, 2, 3].map(() => api("/hub/blog/link/verify", { json: { token: gen.body.token } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403]);
    const ok = results.find((r) => r.status === 200)!;
    expect(ok.body).toMatchObject({ success: true, valid: true, wallet: owner.address, siteId: null });
  });

  it("binds a token to one of the wallet's sites", async () => {
    const site = (await api("/hub/sites/register", { json: { domain: domainOf("blog-bound") }, cookie: ownerCookie })).body.site;
    expectError(await api("/hub/blog/link/generate", { json: { siteId: site.id }, cookie: otherCookie }), 404, "not-found");
    const gen = await api("/hub/blog/link/generate", { json: { siteId: site.id }, cookie: ownerCookie });
    expect(gen.body.siteId).toBe(site.id);
    expectError(await api("/hub/blog/link/verify", { json: { token: gen.body.token } }), 403, "forbidden");
    expectError(await api("/hub/blog/link/verify", { json: { token: gen.body.token, siteId: "another" } }), 403, "forbidden");
    const ok = await api("/hub/blog/link/verify", { json: { token: gen.body.token, siteId: site.id } });
    expect(ok.body).toMatchObject({ valid: true, wallet: owner.address, siteId: site.id });
  });

  it("refuses unknown and expired tokens", async () => {
    expectError(await api("/hub/blog/link/verify", { json: { token: "bl_nope" } }), 403, "forbidden");
    expect(expectError(await api("/hub/blog/link/verify", { json: {} }), 400).details).toContain("token");
    const gen = await api("/hub/blog/link/generate", { json: {}, cookie: ownerCookie });
    await db.blogLinkToken.updateMany({ where: { wallet: owner.address, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectError(await api("/hub/blog/link/verify", { json: { token: gen.body.token } }), 403, "forbidden");
  });
});
