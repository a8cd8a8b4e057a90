// A site's two credentials (docs/decisions.md #6): the public site key that the widget snippet puts in
// every page, and the secret that claims tips and attributes sales, shown once, stored hashed, rotatable.
// The widget-proof case runs against a creator site on loopback through a second hub that may fetch it
// (as site-verification.test.ts does).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCreatorSite } from "../support/creator-site";
import { testDb } from "../support/db";
import { type ExtraHub, hubClient, startExtraHub } from "../support/extra-hub";
import { api, expectError, signIn } from "../support/hub";
import { cleanupRun, createSite, newWallet, RUN } from "../support/sites";

const db = testDb();
const owner = newWallet();
const stranger = newWallet();
let ownerCookie = "";
let strangerCookie = "";
const PROOF_DOMAIN = `proof-${RUN}.test`;

let creator: Awaited<ReturnType<typeof startCreatorSite>>;
let hub: ExtraHub;

beforeAll(async () => {
  ownerCookie = await signIn(owner);
  strangerCookie = await signIn(stranger);
  creator = await startCreatorSite();
  hub = await startExtraHub({ SITE_FETCH_ALLOW_HOSTS: `${PROOF_DOMAIN}=127.0.0.1:${creator.port}` });
}, 90_000);

afterAll(async () => {
  await hub?.stop();
  await creator?.close();
  await cleanupRun();
});

const claim = (body: Record<string, unknown>, cookie?: string) => api("/hub/tips/claim", { json: body, cookie });
const event = (site: { id: string; domain: string }, token: string) =>
  api("/hub/evt", { json: { siteId: site.id, token, event: "page_view", url: `https://${site.domain}/` }, headers: { origin: `https://${site.domain}` } });
const attributedChallenge = (siteId: string, siteToken: string) =>
  api("/hub/pay", { json: { contentId: `untracked-${randomBytes(3).toString("hex")}`, recipient: owner.address, siteId, siteToken } });

describe("registration", () => {
  it("shows the secret once, stores only its hash, and puts only the public key in the snippet", async () => {
    const res = await api("/hub/sites/register", { json: { domain: `keys-${RUN}.example` }, cookie: ownerCookie });
    expect(res.status).toBe(200);
    const { site } = res.body;
    expect(site.siteKey).toMatch(/^pk_[0-9a-f]{32}$/);
    expect(site.verifyToken).toMatch(/^sk_[0-9a-f]{48}$/);
    expect(site.verification.widget.snippet).toContain(`data-site-key="${site.siteKey}"`);
    expect(JSON.stringify(site.verification)).not.toContain(site.verifyToken);

    const row = await db.site.findUniqueOrThrow({ where: { id: site.id } });
    expect(row).toMatchObject({ siteKey: site.siteKey, verifyToken: null });
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(site.verifyToken.slice(3));

    const listed = (await api("/hub/sites", { cookie: ownerCookie })).body.sites.find((s: { id: string }) => s.id === site.id);
    expect(listed).toMatchObject({ siteKey: site.siteKey, verifyToken: null, secretIssuedBeforeSplit: false });
  });
});

describe("what each credential opens", () => {
  it("events accept the public key and the secret; anything else is 403", async () => {
    const site = await createSite({ owner: owner.address });
    expect((await event(site, site.siteKey)).status).toBe(200);
    expect((await event(site, site.token)).status).toBe(200);
    expectError(await event(site, `pk_${"0".repeat(32)}`), 403, "invalid-site-credentials");
    const other = await createSite();
    expectError(await event(site, other.siteKey), 403, "invalid-site-credentials");
  });

  it("a tip claim takes the secret, never the public key", async () => {
    const site = await createSite({ owner: owner.address });
    expectError(await claim({ siteId: site.id, token: site.siteKey }), 403, "forbidden");
    expect((await claim({ siteId: site.id, token: site.token })).body).toEqual({ success: true, released: [], pending: 0 });
  });

  it("a claim without the secret needs the session of one of the site's owner wallets", async () => {
    const site = await createSite({ owner: owner.address });
    const missing = expectError(await claim({ siteId: site.id }), 400, "invalid-request");
    expect(missing.details).toContain("token");
    expectError(await claim({ siteId: site.id }, strangerCookie), 403, "forbidden");
    expect((await claim({ siteId: site.id }, ownerCookie)).body).toEqual({ success: true, released: [], pending: 0 });
    // A session does not make a wrong secret right.
    expectError(await claim({ siteId: site.id, token: "sk_wrong" }, ownerCookie), 403, "forbidden");
  });

  it("/hub/pay attributes a sale with the secret, never with the public key", async () => {
    const site = await createSite({ owner: owner.address });
    expectError(await attributedChallenge(site.id, site.siteKey), 403, "forbidden");
    expect((await attributedChallenge(site.id, site.token)).status).toBe(402);
  });
});

describe("POST /hub/sites/<id>/secret", () => {
  it("rotates: the new secret is shown once and works, the old one stops at once, the key stays", async () => {
    const site = await createSite({ owner: owner.address });
    expectError(await api(`/hub/sites/${site.id}/secret`, { method: "POST" }), 401, "unauthorized");
    expectError(await api(`/hub/sites/${site.id}/secret`, { method: "POST", cookie: strangerCookie }), 404, "not-found");
    expect((await claim({ siteId: site.id, token: site.token })).status).toBe(200);

    const res = await api(`/hub/sites/${site.id}/secret`, { method: "POST", cookie: ownerCookie });
    expect(res.status).toBe(200);
    const fresh: string = res.body.site.verifyToken;
    expect(fresh).toMatch(/^sk_/);
    expect(fresh).not.toBe(site.token);
    expect(res.body.site.siteKey).toBe(site.siteKey);

    expectError(await claim({ siteId: site.id, token: site.token }), 403, "forbidden");
    expectError(await attributedChallenge(site.id, site.token), 403, "forbidden");
    expect((await claim({ siteId: site.id, token: fresh })).status).toBe(200);
    expect((await event(site, site.siteKey)).status).toBe(200);
    expect((await api("/hub/sites", { cookie: ownerCookie })).body.sites.find((s: { id: string }) => s.id === site.id).verifyToken).toBeNull();
  });

  it("retires a token issued before keys existed: it works until rotated, and the owner is told", async () => {
    const site = await createSite({ owner: owner.address });
    const legacy = randomBytes(24).toString("hex");
    await db.site.update({ where: { id: site.id }, data: { secretHash: null, verifyToken: legacy } });
    expect((await api("/hub/sites", { cookie: ownerCookie })).body.sites.find((s: { id: string }) => s.id === site.id)).toMatchObject({ secretIssuedBeforeSplit: true, verifyToken: null });
    expect((await claim({ siteId: site.id, token: legacy })).status).toBe(200);
    expect((await event(site, legacy)).status).toBe(200);

    const rotated = await api(`/hub/sites/${site.id}/secret`, { method: "POST", cookie: ownerCookie });
    expect(rotated.body.site.secretIssuedBeforeSplit).toBe(false);
    expectError(await claim({ siteId: site.id, token: legacy }), 403, "forbidden");
    expectError(await event(site, legacy), 403, "invalid-site-credentials");
    expect(await db.site.findUniqueOrThrow({ where: { id: site.id } })).toMatchObject({ verifyToken: null });
  });
});

describe("the widget proof", () => {
  it("is the public key in a page of the site; the secret in a page proves nothing", async () => {
    const client = hubClient(hub.url);
    const res = await client.api("/hub/sites/register", { json: { domain: PROOF_DOMAIN }, cookie: ownerCookie });
    const site = res.body.site as { id: string; siteKey: string; verifyToken: string; verification: { widget: { snippet: string } } };
    const page = (body: string) => ({ body: `<!doctype html><html><head><title>Proof</title></head><body>${body}</body></html>` });
    const verify = () => client.api(`/hub/sites/${site.id}/verify`, { json: { method: "widget" }, cookie: ownerCookie });

    creator.set(PROOF_DOMAIN, "/", page(`<script src="x" data-site-id="${site.id}" data-token="${site.verifyToken}"></script>`));
    expect((await verify()).body.verified).toBe(false);

    creator.set(PROOF_DOMAIN, "/", page(site.verification.widget.snippet));
    expect((await verify()).body).toMatchObject({ verified: true, site: { verificationSource: "widget" } });
  });
});
