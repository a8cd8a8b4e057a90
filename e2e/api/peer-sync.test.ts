// Identity sync between a testnet hub (the hub under test) and a mainnet hub: a second hub process
// on loopback with its own database, NETWORK_MODE=mainnet, the same peer secret, and
// PEER_HUB_URL pointing at the hub under test.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../../lib/db-core";
import { testDb } from "../support/db";
import { type ExtraHub, hubClient, hubSecrets, startExtraHub } from "../support/extra-hub";
import { api, expectError, HUB_URL } from "../support/hub";
import { cleanupRun, createSite, type FixtureSite, newWallet, RUN } from "../support/sites";

const root = path.resolve(import.meta.dirname, "../..");
const db = testDb();
const owner = newWallet();
let peerDir = "";
let peerDb: Db;
let mainnet: ExtraHub;
let peer: ReturnType<typeof hubClient>;
let secret = "";
let shared: FixtureSite;
let pending: FixtureSite;
let conflict: FixtureSite;

beforeAll(async () => {
  secret = hubSecrets().PEER_SECRET;
  // On the testnet hub: a verified site with a profile, a published and a draft post, content and metrics.
  shared = await createSite({ owner: owner.address, name: `Shared ${RUN}`, domain: `shared-${RUN}.example` });
  await db.publisherProfile.create({ data: { ownerWallet: owner.address, username: `ada${RUN}`, bio: "writes", avatarUrl: null, socials: JSON.stringify({ x: "@ada" }) } });
  await db.blogPost.create({ data: { siteId: shared.id, slug: "hello", title: "Hello", status: "published", priceAtomic: 50_000n, publishedAt: new Date(), bodyStorageRef: "blob://hello", bodyWrappedKey: "wrapped" } });
  await db.blogPost.create({ data: { siteId: shared.id, slug: "draft", title: "Not yet", status: "draft" } });
  const evt = await api("/hub/evt", { json: { siteId: shared.id, token: shared.token, event: "resource_view", url: `https://${shared.domain}/a`, resource: { id: "a", title: "A" } } });
  expect(evt.status).toBe(200);
  pending = await createSite({ verified: false });
  conflict = await createSite({ domain: `conflict-${RUN}.example` });

  // The mainnet hub: its own (SQLite) database, migrated fresh.
  peerDir = mkdtempSync(path.join(os.tmpdir(), "hub-peer-"));
  const peerUrl = `file:${path.join(peerDir, "peer.db")}`;
  execFileSync(process.execPath, [path.join(root, "scripts/migrate.mjs")], { cwd: root, env: { ...process.env, DATABASE_URL: peerUrl }, stdio: "ignore" });
  peerDb = createDb(peerUrl);
  const stranger = newWallet().address;
  await peerDb.owner.create({ data: { wallet: stranger } });
  await peerDb.site.create({ data: { domain: conflict.domain, ownerWallet: stranger, verifyToken: `t-${RUN}`, verified: true, verificationStatus: "verified", verificationSource: "owner-link", lastVerifiedAt: new Date() } });
  mainnet = await startExtraHub({ NETWORK_MODE: "mainnet", DATABASE_URL: peerUrl, DATA_DIR: peerDir, PEER_SECRET: secret, PEER_HUB_URL: HUB_URL, REDIS_URL: "" });
  peer = hubClient(mainnet.url);
}, 120_000);

afterAll(async () => {
  await mainnet?.stop();
  await peerDb?.$disconnect();
  if (peerDir) rmSync(peerDir, { recursive: true, force: true });
});


afterAll(cleanupRun);
describe("GET /hub/site/verified-identities", () => {
  it.each([
    ["without the header", {}],
    ["with a wrong secret", { "x-peer-secret": "nope" }],
    ["with a secret of the same length", { "x-peer-secret": "x".repeat(64) }],
  ])("answers 403 %s", async (_label, headers) => {
    expectError(await api("/hub/site/verified-identities", { headers }), 403, "invalid-peer-secret");
  });

  it("lists verified identities with owners, profile and published posts only — no content, metrics or token", async () => {
    const res = await api(`/hub/site/verified-identities?domains=${shared.domain},${pending.domain}`, { headers: { "x-peer-secret": secret } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, network: "testnet", total: 1, limit: 500, skip: 0 });
    const [identity] = res.body.identities;
    expect(identity).toMatchObject({
      id: shared.id,
      domain: shared.domain,
      name: `Shared ${RUN}`,
      ownerWallet: owner.address,
      ownerWallets: [{ wallet: owner.address, role: "owner" }],
      verified: true,
      verificationSource: "owner-link",
      publisher: { username: `ada${RUN}`, bio: "writes", avatarUrl: null, socials: { x: "@ada" } },
    });
    expect(identity.blogPosts.map((p: { slug: string }) => p.slug)).toEqual(["hello"]);
    expect(identity.blogPosts[0]).toMatchObject({ title: "Hello", priceAtomic: "50000", bodyStorageRef: "blob://hello" });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(shared.token);
    expect(Object.keys(identity)).not.toEqual(expect.arrayContaining(["content", "views", "verifyToken"]));
  });

  it.each(["limit=0", "limit=1001", "skip=-1"])("refuses %s", async (qs) => {
    expectError(await api(`/hub/site/verified-identities?${qs}`, { headers: { "x-peer-secret": secret } }), 400, "invalid-request");
  });
});

describe("POST /hub/site/sync-from-peer", () => {
  it("answers 403 without the peer secret and 400 for a bad body, copying nothing", async () => {
    expectError(await peer.api("/hub/site/sync-from-peer", { json: { all: true } }), 403, "invalid-peer-secret");
    expectError(await peer.api("/hub/site/sync-from-peer", { json: { all: true }, headers: { "x-peer-secret": "wrong" } }), 403, "invalid-peer-secret");
    expectError(await peer.api("/hub/site/sync-from-peer", { json: {}, headers: { "x-peer-secret": secret } }), 400, "invalid-request");
    expectError(await peer.api("/hub/site/sync-from-peer", { json: { domains: [] }, headers: { "x-peer-secret": secret } }), 400, "invalid-request");
    expect(await peerDb.site.count({ where: { domain: shared.domain } })).toBe(0);
  });

  it("copies only identity, verification, owners, profile and published posts; skips what it may not copy", async () => {
    const res = await peer.api("/hub/site/sync-from-peer", {
      json: { domains: [shared.domain, pending.domain, "not a domain", conflict.domain] },
      headers: { "x-peer-secret": secret },
    });
    expect(res.status).toBe(200);
    expect(res.body.peer).toBe(new URL(HUB_URL).origin);
    expect(res.body.synced).toEqual([{ domain: shared.domain, siteId: shared.id, created: true, blogPosts: 1 }]);
    expect(res.body.skipped).toEqual(
      expect.arrayContaining([
        { domain: "not a domain", reason: "not a host name" },
        { domain: pending.domain, reason: "not verified on the peer hub" },
        { domain: conflict.domain, reason: "verified on this hub by another wallet" },
      ]),
    );
    expect(res.body.skipped).toHaveLength(3);

    const copied = await peerDb.site.findUniqueOrThrow({ where: { domain: shared.domain }, include: { ownerWallets: true, blogPosts: true, content: true } });
    expect(copied).toMatchObject({ id: shared.id, name: `Shared ${RUN}`, ownerWallet: owner.address, verified: true, verificationStatus: "verified", verificationSource: "cross-stack" });
    expect(copied.verifyToken).not.toBe(shared.token);
    expect(copied.ownerWallets.map((w) => w.wallet)).toEqual([owner.address]);
    expect(copied.blogPosts.map((p) => [p.slug, p.status, p.priceAtomic])).toEqual([["hello", "published", 50_000n]]);
    expect(copied.content).toEqual([]);
    expect(await peerDb.publisherProfile.findUnique({ where: { ownerWallet: owner.address } })).toMatchObject({ username: `ada${RUN}` });
    expect(await peerDb.widgetEvent.count()).toBe(0);
    expect(await peerDb.dailyMetric.count()).toBe(0);
    expect(await peerDb.ledgerActivity.count()).toBe(0);
    expect(await peerDb.payment.count()).toBe(0);
    expect((await peerDb.site.findUniqueOrThrow({ where: { domain: conflict.domain } })).verificationSource).toBe("owner-link");

    const status = await peer.api(`/hub/site/verify-status?domain=${shared.domain}`);
    expect(status.body).toMatchObject({ verified: true, verificationSource: "cross-stack", ownerWallets: [owner.address], ownerProfile: { username: `ada${RUN}` } });
    expect(status.body.lastVerifiedAt).toBe((await db.site.findUniqueOrThrow({ where: { id: shared.id } })).lastVerifiedAt!.toISOString());
    expect((await peer.api(`/hub/explore/content?q=${shared.domain}`)).body.total).toBe(0);
  });

  it("syncs every verified identity with {all: true}, idempotently", async () => {
    const first = await peer.api("/hub/site/sync-from-peer", { json: { all: true }, headers: { "x-peer-secret": secret } });
    expect(first.status).toBe(200);
    const domains = first.body.synced.map((s: { domain: string }) => s.domain);
    expect(domains).toEqual(expect.arrayContaining(["quiet-letters.example", "lofi-harbor.example", "pixel-press.example", shared.domain]));
    expect(domains).not.toContain(pending.domain);
    expect(first.body.skipped).toContainEqual({ domain: conflict.domain, reason: "verified on this hub by another wallet" });
    const again = await peer.api("/hub/site/sync-from-peer", { json: { all: true }, headers: { "x-peer-secret": secret } });
    expect(again.body.synced.every((s: { created: boolean }) => !s.created)).toBe(true);
    expect(await peerDb.site.count({ where: { domain: shared.domain } })).toBe(1);
    expect(await peerDb.blogPost.count({ where: { siteId: shared.id } })).toBe(1);
  });

  it("answers 502 when no peer hub is configured", async () => {
    expectError(await api("/hub/site/sync-from-peer", { json: { all: true }, headers: { "x-peer-secret": secret } }), 502, "peer-unavailable");
  });
});

describe("cross-stack verification", () => {
  it("verifies a site on the mainnet hub because the testnet hub has it verified for the same wallet", async () => {
    // Created after the syncs above, so the mainnet hub only knows it through this verification.
    const crossStack = await createSite({ owner: owner.address, domain: `cross-${RUN}.example` });
    const cookie = await peer.signIn(owner);
    const site = (await peer.api("/hub/sites/register", { json: { domain: crossStack.domain }, cookie })).body.site;
    expect(site.verificationStatus).toBe("pending");
    const res = await peer.api(`/hub/sites/${site.id}/verify`, { json: { method: "cross-stack" }, cookie });
    expect(res.body).toMatchObject({ verified: true, method: "cross-stack", site: { verified: true, verificationSource: "cross-stack" } });

    const otherWallet = newWallet();
    const otherCookie = await peer.signIn(otherWallet);
    const theirs = await createSite({ domain: `theirs-${RUN}.example` });
    const claimed = (await peer.api("/hub/sites/register", { json: { domain: theirs.domain }, cookie: otherCookie })).body.site;
    const refused = await peer.api(`/hub/sites/${claimed.id}/verify`, { json: { method: "cross-stack" }, cookie: otherCookie });
    expect(refused.body).toMatchObject({ verified: false, attempts: [{ ok: false, detail: "verified on the peer hub for another wallet" }] });
  });
});
