// Quickshare routes over HTTP: create and its limits, expiry, revoke, reslug, proofs, entitlements,
// owner routes, uploads and media, tampered blobs, and the share page for browsers and agents.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { keccak256, stringToBytes } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAesGcm, sealAesGcm } from "../../lib/crypto/aes-gcm";
import { hubSecrets } from "../support/extra-hub";
import { api, expectError, HUB_URL } from "../support/hub";
import {
  access, blobPath, closeDb, createShare, db, giveEntitlement, media, mintProof, person, stranger, until, type Person,
} from "../support/quickshare";

const nowSec = () => Math.floor(Date.now() / 1000);
let owner: Person;
let other: Person;

beforeAll(async () => {
  [owner, other] = await Promise.all([person(), person()]);
}, 60_000);
afterAll(closeDb);

async function upload(who: Person, file: Blob, name: string, extra: Record<string, string> = {}, query = "?encrypted=1") {
  const form = new FormData();
  form.set("file", file, name);
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  const res = await fetch(`${HUB_URL}/uploads/content${query}`, { method: "POST", body: form, headers: { cookie: who.cookie } });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe("POST /quickshare", () => {
  it("creates an encrypted share: the blob on disk holds no plaintext and contentHash commits to it", async () => {
    const content = "Meet me at the lighthouse at six. ✓";
    const res = await api("/quickshare", { cookie: owner.cookie, json: { title: "Plans", summary: "Where and when", content, price: "0.05", expiresInHours: 24 } });
    expect(res.status).toBe(201);
    const share = res.body.share;
    expect(share).toMatchObject({
      title: "Plans", summary: "Where and when", contentType: "article", price: "0.05", whitelistPrice: null, currency: "USDC",
      publicAccess: true, status: "active", viewCount: 0, unlockCount: 0, revenue: 0, whitelistCount: 0, mediaCount: 0,
      urls: { page: `${HUB_URL}/qs/${share.slug}`, manifest: `${HUB_URL}/quickshare/${share.slug}/manifest`, access: `${HUB_URL}/quickshare/${share.slug}/access` },
    });
    expect(share.slug).toMatch(/^[1-9A-HJ-NP-Za-km-z]{8}$/);
    const hours = (Date.parse(share.expiresAt) - Date.parse(share.createdAt)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 5);

    const row = (await db().quickshare.findUnique({ where: { id: share.id } }))!;
    expect(row.bodyStorageRef).toMatch(/^qs\/[0-9a-f]{32}$/);
    expect(row.bodyWrappedKey).toMatch(/^k1\./);
    const blob = readFileSync(blobPath(row.bodyStorageRef!));
    expect(blob.length).toBe(49 + Buffer.byteLength(content) + 16); // segmented: header, one segment and its tag
    expect(blob.includes(Buffer.from("lighthouse"))).toBe(false);
    expect(share.contentHash).toBe(keccak256(stringToBytes(`svc-quickshare-content:v1|${owner.address}|${row.bodyStorageRef}|${content}`)));
  });

  it("defaults to the maximum lifetime of 168 hours and stores the whitelist checksummed", async () => {
    const w = stranger();
    const share = await createShare(owner, { whitelist: [w.toLowerCase(), w], whitelistPrice: "0" });
    expect((Date.parse(share.expiresAt) - Date.parse(share.createdAt)) / 3_600_000).toBeCloseTo(168, 5);
    expect(share.whitelistCount).toBe(1);
    const ac = await api(`/quickshare/${share.slug}/access-control`, { cookie: owner.cookie });
    expect(ac.body.whitelist).toEqual([w]);
  });

  it("accepts content of exactly 512 KB and refuses one byte more with 413", async () => {
    const limit = 512 * 1024;
    expect((await api("/quickshare", { cookie: owner.cookie, json: { title: "Big", content: "x".repeat(limit), price: "0" } })).status).toBe(201);
    const over = await api("/quickshare", { cookie: owner.cookie, json: { title: "Too big", content: "x".repeat(limit - 1) + "é", price: "0" } });
    expect(expectError(over, 413, "payload-too-large").details).toContain("524289 bytes");
    expect(await db().quickshare.count({ where: { title: "Too big" } })).toBe(0);
  });

  it("refuses a request body over 4 MB unread (413)", async () => {
    const res = await api("/quickshare", { cookie: owner.cookie, body: JSON.stringify({ title: "x", content: "y".repeat(4 * 1024 * 1024 + 10), price: "0" }) });
    expectError(res, 413, "payload-too-large");
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ["no title", { content: "c", price: "0" }, "title"],
    ["an empty title", { title: "  ", content: "c", price: "0" }, "title"],
    ["no content", { title: "t", price: "0" }, "content"],
    ["no price", { title: "t", content: "c" }, "price"],
    ["a negative price", { title: "t", content: "c", price: "-1" }, "price"],
    ["a price with 7 decimals", { title: "t", content: "c", price: "0.1234567" }, "price"],
    ["a price below 0.01", { title: "t", content: "c", price: "0.001" }, "price"],
    ["a numeric price", { title: "t", content: "c", price: 1 }, "price"],
    ["an expiry of 169 hours", { title: "t", content: "c", price: "0", expiresInHours: 169 }, "expiresInHours"],
    ["an expiry of 0 hours", { title: "t", content: "c", price: "0", expiresInHours: 0 }, "expiresInHours"],
    ["both expiry forms", { title: "t", content: "c", price: "0", expiresInHours: 1, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, "expiresAt"],
    ["an expiresAt past 168 hours", { title: "t", content: "c", price: "0", expiresAt: new Date(Date.now() + 169 * 3_600_000).toISOString() }, "expiresAt"],
    ["an expiresAt in the past", { title: "t", content: "c", price: "0", expiresAt: new Date(Date.now() - 1000).toISOString() }, "expiresAt"],
    ["a bad whitelist address", { title: "t", content: "c", price: "0", whitelist: ["0x1234"] }, "whitelist.0"],
    ["an unknown content type", { title: "t", content: "c", price: "0", contentType: "podcast" }, "contentType"],
    ["another currency", { title: "t", content: "c", price: "0", currency: "EUR" }, "currency"],
    ["an unknown field", { title: "t", content: "c", price: "0", slug: "AAAAAAAA" }, "slug"],
    ["media that is no upload of yours", { title: "t", content: "c", price: "0", media: ["media/0123456789abcdef0123456789abcdef"] }, "media"],
    ["a malformed media ref", { title: "t", content: "c", price: "0", media: ["../etc/passwd"] }, "media.0"],
  ];
  it.each(bad)("answers 400 for %s, naming the field, and records nothing", async (_name, json, field) => {
    const before = await db().quickshare.count();
    const res = await api("/quickshare", { cookie: owner.cookie, json });
    expect(expectError(res, 400).details).toContain(field);
    expect(await db().quickshare.count()).toBe(before);
  });

  it("needs a session (401) and refuses a cookie write from another origin (403)", async () => {
    expectError(await api("/quickshare", { json: { title: "t", content: "c", price: "0" } }), 401, "unauthorized");
    expectError(await api("/quickshare", { cookie: owner.cookie, origin: "https://evil.example", json: { title: "t", content: "c", price: "0" } }), 403, "cross-origin");
  });

  it("answers under the legacy /api prefix too", async () => {
    const res = await api("/api/quickshare", { cookie: owner.cookie, json: { title: "Legacy prefix", content: "c", price: "0" } });
    expect(res.status).toBe(201);
    expect((await api(`/api/quickshare/${res.body.share.slug}/access`)).body.content).toBe("c");
  });
});

describe("manifest, meta, quote, view", () => {
  it("describes a share without its body", async () => {
    const share = await createShare(owner, { title: "Described", summary: "A teaser", content: "SECRET-BODY", price: "1.5" });
    const manifest = await api(`/quickshare/${share.slug}/manifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.body).toMatchObject({
      schema: `${HUB_URL}/quickshare/manifest-schema`, version: 1, kind: "quickshare", slug: share.slug, title: "Described", summary: "A teaser",
      contentType: "article", price: "1.5", currency: "USDC", status: "active", viewCount: 0, unlockCount: 0,
      urls: { page: `${HUB_URL}/qs/${share.slug}`, meta: `${HUB_URL}/quickshare/${share.slug}/meta`, manifest: `${HUB_URL}/quickshare/${share.slug}/manifest`, access: `${HUB_URL}/quickshare/${share.slug}/access`, unlock: `${HUB_URL}/quickshare/${share.slug}/unlock`, media: `${HUB_URL}/quickshare/${share.slug}/media/{kind}?index=N` },
      payment: { scheme: "x402" },
    });
    const meta = await api(`/quickshare/${share.slug}/meta`);
    expect(meta.body).toMatchObject({ success: true, title: "Described", price: "1.5", cover: null, status: "active", viewCount: 0, unlockCount: 0 });
    expect(JSON.stringify([manifest.body, meta.body])).not.toContain("SECRET-BODY");
    const schema = await api("/quickshare/manifest-schema");
    expect(schema.body.$schema).toContain("2020-12");
    expect((schema.body.$defs?.QuickshareManifest ?? schema.body).required).toEqual(expect.arrayContaining(["schema", "version", "kind", "slug", "urls", "payment"]));
  });

  it("counts views", async () => {
    const share = await createShare(owner);
    expect((await api(`/quickshare/${share.slug}/view`, { method: "POST" })).body).toEqual({ success: true, viewCount: 1 });
    expect((await api(`/quickshare/${share.slug}/view`, { method: "POST" })).body).toEqual({ success: true, viewCount: 2 });
    expect((await api(`/quickshare/${share.slug}/meta`)).body.viewCount).toBe(2);
    expectError(await api("/quickshare/zzzzzzzz/view", { method: "POST" }), 404, "not-found");
  });
});

describe("expiry (419)", () => {
  it("answers 419 once expiresAt passes, on the API, the page and views; grants made before persist", async () => {
    const reader = await person();
    const share = await createShare(owner, { content: "Fleeting.", price: "0", expiresInHours: 2 / 3600 });
    const unlocked = await api(`/quickshare/${share.slug}/unlock`, { cookie: reader.cookie, json: { walletAddress: reader.address } });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.entitlement).toMatchObject({ wallet: reader.address, status: "active", source: "free" });
    expect((await access(share.slug)).status).toBe(200);

    await until(async () => (await access(share.slug)).status === 419, { what: "expiry" });
    expect(expectError(await access(share.slug), 419, "expired").details).toContain("expired");
    expectError(await api(`/quickshare/${share.slug}/view`, { method: "POST" }), 419, "expired");
    const page = await fetch(`${HUB_URL}/qs/${share.slug}`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(419);
    expect(await page.text()).toContain("This share has expired");
    expect((await api(`/quickshare/${share.slug}/meta`)).body.status).toBe("expired");

    const again = await access(share.slug, { proof: unlocked.body.unlockProof });
    expect(again.status).toBe(200);
    expect(again.body.content).toBe("Fleeting.");
  });
});

// The hub under test runs with HUB_TEST_CLOCK=1: a quickshare read decides at the time named in
// x-hub-test-now, so expiry and the proof window are tested at exact instants instead of by waiting.
const at = (ms: number) => ({ "x-hub-test-now": new Date(ms).toISOString() });

describe("expiry with a controllable clock", () => {
  it("reads until the instant expiresAt is reached, then every read route answers 419; entitled wallets keep reading", async () => {
    const reader = await person();
    const payer = await person();
    const share = await createShare(owner, { content: "Clocked secret.", price: "0.2", expiresInHours: 1 });
    const expiresAt = Date.parse(share.expiresAt);
    expect(expiresAt - Date.parse(share.createdAt)).toBe(3_600_000);
    // An entitlement made before the expiry (as a purchase would make it).
    await giveEntitlement(share.id, reader.address);
    const before = at(expiresAt - 1000);
    const after = at(expiresAt);
    const later = at(expiresAt + 3 * 86_400_000);

    // One second before: still sold (402), still read by the entitled reader, media too.
    expect((await access(share.slug, { headers: before })).status).toBe(402);
    expect((await access(share.slug, { cookie: reader.cookie, headers: before })).body.content).toBe("Clocked secret.");
    expect((await api(`/quickshare/${share.slug}/meta`, { headers: before })).body.status).toBe("active");
    expect((await api(`/quickshare/${share.slug}/quote`, { headers: before })).body.decision).toBe("payment-required");

    // From expiresAt on: 419 for new readers on every route, and no new unlocks.
    expectError(await access(share.slug, { headers: after }), 419, "expired");
    expectError(await access(share.slug, { wallet: payer.address, cookie: payer.cookie, headers: after }), 419, "expired");
    expectError(await api(`/quickshare/${share.slug}/unlock`, { json: {}, headers: after }), 419, "expired");
    expectError(await api(`/qs/${share.slug}`, { headers: { accept: "application/json", ...after } }), 419, "expired");
    expectError(await api(`/quickshare/${share.slug}/view`, { method: "POST", headers: after }), 419, "expired");
    expect((await api(`/quickshare/${share.slug}/quote`, { headers: after })).body.decision).toBe("expired");
    expect((await api(`/quickshare/${share.slug}/meta`, { headers: after })).body.status).toBe("expired");
    expect((await api(`/quickshare/${share.slug}/manifest`, { headers: after })).body.status).toBe("expired");
    const page = await fetch(`${HUB_URL}/qs/${share.slug}`, { headers: { accept: "text/html", ...after } });
    expect(page.status).toBe(419);
    expect(await page.text()).toContain("This share has expired");
    expectError(await api(`/quickshare/${share.slug}/access?wallet=${reader.address}`, { headers: after }), 419, "expired"); // a bare claim is not a grant

    // Grants made before persist, days later: session, proof and the page.
    const read = await access(share.slug, { cookie: reader.cookie, headers: later });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toMatchObject({ content: "Clocked secret.", access: { via: "entitlement", wallet: reader.address } });
    expect((await access(share.slug, { proof: read.body.unlockProof, headers: later })).body.content).toBe("Clocked secret.");
    const readerPage = await fetch(`${HUB_URL}/qs/${share.slug}`, { headers: { accept: "text/html", cookie: reader.cookie, ...later } });
    expect(readerPage.status).toBe(200);
    expect(await readerPage.text()).toContain("Clocked secret.");
    // And the wall clock still says active.
    expect((await access(share.slug)).status).toBe(402);
  });

  it("a share created without an expiry lives exactly 168 hours", async () => {
    const share = await createShare(owner, { content: "A week." });
    const expiresAt = Date.parse(share.expiresAt);
    expect(expiresAt - Date.parse(share.createdAt)).toBe(168 * 3_600_000);
    expect((await access(share.slug, { headers: at(expiresAt - 1) })).body.content).toBe("A week.");
    expectError(await access(share.slug, { headers: at(expiresAt) }), 419, "expired");
  });

  it("an unlock proof reads for 12 hours; after that the next visit with a session re-issues one from that moment", async () => {
    const reader = await person();
    const share = await createShare(owner, { content: "Twelve hours.", price: "0.2" });
    await giveEntitlement(share.id, reader.address);
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    const first = await access(share.slug, { cookie: reader.cookie, headers: at(t0) });
    const [, iat, exp] = first.body.unlockProof.split(".");
    expect([Number(iat) * 1000, Number(exp) - Number(iat)]).toEqual([t0, 43_200]);
    const proof = first.body.unlockProof;

    expect((await access(share.slug, { proof, headers: at(t0 + 43_199_000) })).body.content).toBe("Twelve hours.");
    expect((await media(share.slug, "photo", { proof, headers: at(t0 + 43_199_000) })).status).toBe(404); // allowed, but no photo
    expect((await access(share.slug, { proof, headers: at(t0 + 43_200_000) })).status).toBe(402); // expired proof: possession no longer shown
    expect((await media(share.slug, "photo", { proof, headers: at(t0 + 43_200_000) })).status).toBe(403);

    const visit = await access(share.slug, { proof, cookie: reader.cookie, headers: at(t0 + 50_000_000) });
    expect(visit.status).toBe(200);
    const [, iat2, exp2] = visit.body.unlockProof.split(".");
    expect([Number(iat2) * 1000, Number(exp2) - Number(iat2)]).toEqual([t0 + 50_000_000, 43_200]);
    expect((await access(share.slug, { proof: visit.body.unlockProof, headers: at(t0 + 50_000_000 + 3_600_000) })).body.content).toBe("Twelve hours.");
  });
});

describe("DELETE /quickshare/<slug> (revoke, 410)", () => {
  it("deletes the stored body and every read answers 410 after", async () => {
    const share = await createShare(owner, { content: "Delete me." });
    const row = (await db().quickshare.findUnique({ where: { id: share.id } }))!;
    expect(existsSync(blobPath(row.bodyStorageRef!))).toBe(true);

    expectError(await api(`/quickshare/${share.slug}`, { method: "DELETE", cookie: other.cookie }), 403, "forbidden");
    expectError(await api(`/quickshare/${share.slug}`, { method: "DELETE" }), 401, "unauthorized");
    const res = await api(`/quickshare/${share.slug}`, { method: "DELETE", cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, slug: share.slug, status: "revoked" });

    expect(existsSync(blobPath(row.bodyStorageRef!))).toBe(false);
    const after = (await db().quickshare.findUnique({ where: { id: share.id } }))!;
    expect(after).toMatchObject({ status: "revoked", bodyStorageRef: null, bodyWrappedKey: null });
    for (const path of ["access", "manifest", "meta", "quote"]) expectError(await api(`/quickshare/${share.slug}/${path}`), 410, "gone");
    expectError(await api(`/qs/${share.slug}`), 410, "gone");
    const page = await fetch(`${HUB_URL}/qs/${share.slug}`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("revoked");
    expectError(await api(`/quickshare/${share.slug}`, { method: "DELETE", cookie: owner.cookie }), 410, "gone");
    expectError(await api(`/quickshare/${share.slug}/reslug`, { method: "POST", cookie: owner.cookie }), 410, "gone");
  });
});

describe("POST /quickshare/<slug>/reslug", () => {
  it("rotates the slug: the old link is 404, the new one serves, proofs keep working", async () => {
    const reader = await person();
    const share = await createShare(owner, { content: "Moving.", price: "0.1" });
    await giveEntitlement(share.id, reader.address);
    const proof = mintProof(share.id, reader.address, nowSec());
    expectError(await api(`/quickshare/${share.slug}/reslug`, { method: "POST", cookie: other.cookie }), 403, "forbidden");
    const res = await api(`/quickshare/${share.slug}/reslug`, { method: "POST", cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, previousSlug: share.slug, url: `${HUB_URL}/qs/${res.body.slug}` });
    expect(res.body.slug).not.toBe(share.slug);
    expectError(await access(share.slug), 404, "not-found");
    expect((await access(res.body.slug, { proof })).body.content).toBe("Moving.");
  });
});

describe("draft shares", () => {
  it("read 404 until the owner publishes them", async () => {
    const share = await createShare(owner, { content: "Unpublished.", draft: true });
    expect(share.status).toBe("draft");
    for (const path of ["access", "manifest", "meta"]) expectError(await api(`/quickshare/${share.slug}/${path}`), 404, "not-found");
    expect((await fetch(`${HUB_URL}/qs/${share.slug}`, { headers: { accept: "text/html" } })).status).toBe(404);
    expectError(await api(`/quickshare/${share.slug}/access-control`, { method: "PUT", cookie: other.cookie, json: { publish: true } }), 403, "forbidden");
    const put = await api(`/quickshare/${share.slug}/access-control`, { method: "PUT", cookie: owner.cookie, json: { publish: true } });
    expect(put.body.status).toBe("active");
    expect((await access(share.slug)).body.content).toBe("Unpublished.");
  });
});

describe("unlock proofs", () => {
  let share: { id: string; slug: string };
  let reader: Person;
  beforeAll(async () => {
    reader = await person();
    share = await createShare(owner, { content: "Proof-gated.", price: "0.2" });
    await giveEntitlement(share.id, reader.address);
  });

  it("a session read issues a four-part proof with a 12-hour window that then reads alone", async () => {
    const res = await access(share.slug, { cookie: reader.cookie });
    const [w, iat, exp, mac] = res.body.unlockProof.split(".");
    expect(w).toBe(reader.address);
    expect(Number(exp) - Number(iat)).toBe(43_200);
    expect(Math.abs(Number(iat) - nowSec())).toBeLessThan(60);
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const replay = await access(share.slug, { proof: res.body.unlockProof });
    expect(replay.status).toBe(200);
    expect(replay.body.unlockProof).toBe(res.body.unlockProof); // a live proof is handed back, not re-issued
  });

  it("the legacy two-part form verifies", async () => {
    const res = await access(share.slug, { proof: mintProof(share.id, reader.address, null) });
    expect(res.status).toBe(200);
    expect(res.body.access).toEqual({ via: "entitlement", wallet: reader.address });
  });

  it("refuses a proof with an edited exp, iat, wallet or MAC (403 invalid-proof)", async () => {
    const good = mintProof(share.id, reader.address, nowSec());
    const [w, iat, exp, mac] = good.split(".") as [string, string, string, string];
    const edits = [
      [w, iat, String(Number(exp) + 86_400), mac],
      [w, String(Number(iat) - 3600), exp, mac],
      [other.address, iat, exp, mac],
      [w, iat, exp, (mac[0] === "A" ? "B" : "A") + mac.slice(1)],
    ];
    for (const parts of edits) expectError(await access(share.slug, { proof: parts.join(".") }), 403, "invalid-proof");
    expectError(await access(share.slug, { proof: `${w}.${"A".repeat(43)}` }), 403, "invalid-proof");
  });

  it("an expired proof no longer reads; the next legitimate visit (a session) re-issues a fresh one", async () => {
    const stale = mintProof(share.id, reader.address, nowSec() - 43_200 - 5);
    const res = await access(share.slug, { proof: stale });
    expect(res.status).toBe(402);
    const visit = await access(share.slug, { proof: stale, cookie: reader.cookie });
    expect(visit.status).toBe(200);
    expect(visit.body.unlockProof).not.toBe(stale);
    const [, iat] = visit.body.unlockProof.split(".");
    expect(Math.abs(Number(iat) - nowSec())).toBeLessThan(60);
    expect((await access(share.slug, { proof: visit.body.unlockProof })).status).toBe(200);
  });
});

describe("entitlements: revoke, ban, restore", () => {
  it("a proof replays only while the entitlement is active", async () => {
    const reader = await person();
    const share = await createShare(owner, { content: "Members only.", price: "0.3" });
    await giveEntitlement(share.id, reader.address);
    const proof = mintProof(share.id, reader.address, nowSec());
    const ent = (action: string, method = "POST") =>
      api(`/quickshare/${share.slug}/entitlements/${reader.address}${action ? `/${action}` : ""}`, { method, cookie: owner.cookie });
    expect((await access(share.slug, { proof })).status).toBe(200);

    expect((await ent("revoke")).body).toEqual({ success: true, wallet: reader.address, status: "revoked" });
    expect((await access(share.slug, { proof })).status).toBe(402); // revoked: may buy again
    expect((await access(share.slug, { cookie: reader.cookie })).status).toBe(402);
    expect((await media(share.slug, "photo", { proof })).status).toBe(403);

    expect((await ent("", "DELETE")).body).toEqual({ success: true, wallet: reader.address, status: "active" });
    expect((await access(share.slug, { proof })).status).toBe(200);

    expect((await ent("ban")).body).toEqual({ success: true, wallet: reader.address, status: "banned" });
    expectError(await access(share.slug, { proof }), 403, "banned");
    expectError(await access(share.slug, { cookie: reader.cookie }), 403, "banned");
    expectError(await access(share.slug, { wallet: reader.address }), 403, "banned");
    expectError(await ent("revoke"), 409, "conflict");

    expect((await ent("", "DELETE")).body.status).toBe("active");
    expect((await access(share.slug, { proof })).status).toBe(200);

    const ac = await api(`/quickshare/${share.slug}/access-control`, { cookie: owner.cookie });
    expect(ac.body.entitlements).toEqual([expect.objectContaining({ wallet: reader.address, status: "active", source: "payment" })]);
  });

  it("a wallet banned before it ever bought is denied, and restoring lifts the ban without granting", async () => {
    const w = stranger();
    const share = await createShare(owner, { content: "x", price: "0.3" });
    expect((await api(`/quickshare/${share.slug}/entitlements/${w}/ban`, { method: "POST", cookie: owner.cookie })).body.status).toBe("banned");
    expectError(await access(share.slug, { wallet: w }), 403, "banned");
    expect((await api(`/quickshare/${share.slug}/entitlements/${w}`, { method: "DELETE", cookie: owner.cookie })).body.status).toBe("none");
    expect((await access(share.slug, { wallet: w })).status).toBe(402);
  });

  const errs: Array<[string, (slug: string) => Promise<any>, number, string]> = [
    ["revoke without an entitlement", (slug) => api(`/quickshare/${slug}/entitlements/${stranger()}/revoke`, { method: "POST", cookie: owner.cookie }), 404, "not-found"],
    ["restore without an entitlement", (slug) => api(`/quickshare/${slug}/entitlements/${stranger()}`, { method: "DELETE", cookie: owner.cookie }), 404, "not-found"],
    ["ban by someone else", (slug) => api(`/quickshare/${slug}/entitlements/${stranger()}/ban`, { method: "POST", cookie: other.cookie }), 403, "forbidden"],
    ["ban without a session", (slug) => api(`/quickshare/${slug}/entitlements/${stranger()}/ban`, { method: "POST" }), 401, "unauthorized"],
    ["a malformed wallet", (slug) => api(`/quickshare/${slug}/entitlements/0x12/ban`, { method: "POST", cookie: owner.cookie }), 400, "invalid-request"],
    ["an unknown share", () => api(`/quickshare/zzzzzzzz/entitlements/${stranger()}/ban`, { method: "POST", cookie: owner.cookie }), 404, "not-found"],
  ];
  it.each(errs)("%s", async (_n, run, status, code) => {
    const share = await createShare(owner, { price: "0.3" });
    expectError(await run(share.slug), status, code);
  });
});

describe("access-control", () => {
  it("reads and edits price, whitelistPrice, whitelist and publicAccess; new prices apply at once", async () => {
    const share = await createShare(owner, { price: "0.5" });
    const w = stranger();
    const put = await api(`/quickshare/${share.slug}/access-control`, { method: "PUT", cookie: owner.cookie, json: { price: "0.75", whitelistPrice: "0.05", whitelist: [w], publicAccess: false } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ success: true, slug: share.slug, price: "0.75", whitelistPrice: "0.05", publicAccess: false, whitelist: [w], status: "active", entitlements: [] });
    expect((await api(`/quickshare/${share.slug}/quote?wallet=${w}`)).body).toMatchObject({ kind: "share", price: "0.75", whitelistPrice: "0.05", amount: "0.05", tier: "whitelist" });
    expectError(await access(share.slug, { wallet: stranger() }), 403, "not-invited");
    const clear = await api(`/quickshare/${share.slug}/access-control`, { method: "PUT", cookie: owner.cookie, json: { whitelistPrice: null, whitelist: [], publicAccess: true } });
    expect(clear.body).toMatchObject({ whitelistPrice: null, whitelist: [], publicAccess: true, price: "0.75" });
  });

  const bad: Array<[string, unknown, number, string]> = [
    ["a bad price", { price: "abc" }, 400, "invalid-request"],
    ["an unknown field", { title: "x" }, 400, "invalid-request"],
    ["publish: false", { publish: false }, 400, "invalid-request"],
  ];
  it.each(bad)("refuses %s", async (_n, json, status, code) => {
    const share = await createShare(owner, { price: "0.5" });
    expectError(await api(`/quickshare/${share.slug}/access-control`, { method: "PUT", cookie: owner.cookie, json }), status, code);
    expectError(await api(`/quickshare/${share.slug}/access-control`, { cookie: other.cookie }), 403, "forbidden");
  });
});

describe("owner routes and public stats", () => {
  it("mine lists the owner's shares only; the dashboard sums views and unlocks by day", async () => {
    const me = await person();
    const reader = await person();
    const a = await createShare(me, { title: "First", content: "a" });
    const b = await createShare(me, { title: "Second", content: "b", price: "0.4" });
    await api(`/quickshare/${a.slug}/view`, { method: "POST" });
    await api(`/quickshare/${a.slug}/view`, { method: "POST" });
    await api(`/quickshare/${a.slug}/unlock`, { cookie: reader.cookie, json: { walletAddress: reader.address } });

    const mine = await api("/quickshare/mine", { cookie: me.cookie });
    expect(mine.body.shares.map((s: any) => s.slug)).toEqual([b.slug, a.slug]);
    expect(mine.body.shares[1]).toMatchObject({ title: "First", viewCount: 2, unlockCount: 1 });
    expectError(await api("/quickshare/mine"), 401, "unauthorized");

    const today = new Date().toISOString().slice(0, 10);
    const dash = await api(`/quickshare/dashboard?from=${today}&to=${today}`, { cookie: me.cookie });
    expect(dash.status).toBe(200);
    expect(dash.body).toMatchObject({
      range: { from: today, to: today },
      lifetime: { shares: 2, activeShares: 2, views: 2, unlocks: 1, revenue: 0 },
      inRange: { views: 2, unlocks: 1, revenue: 0 },
      daily: [{ day: today, views: 2, unlocks: 1, revenue: 0 }],
    });
    expect(dash.body.shares).toEqual(expect.arrayContaining([expect.objectContaining({ slug: a.slug, rangeViews: 2, rangeUnlocks: 1 })]));
    expect(dash.body.recent[0]).toMatchObject({ kind: "unlock", slug: a.slug, wallet: reader.address });
    const def = await api("/quickshare/dashboard", { cookie: me.cookie });
    expect(def.body.daily).toHaveLength(30);
    expectError(await api("/quickshare/dashboard?from=2026-02-01&to=2026-01-01", { cookie: me.cookie }), 400, "invalid-request");
    expectError(await api("/quickshare/dashboard?from=2020-01-01&to=2026-01-01", { cookie: me.cookie }), 400, "invalid-request");
    expectError(await api("/quickshare/dashboard?from=yesterday", { cookie: me.cookie }), 400, "invalid-request");
  });

  it("public stats carry totals and truncated wallets only", async () => {
    const reader = await person();
    const share = await createShare(owner, { title: "Stats-visible title", content: "s" });
    await api(`/quickshare/${share.slug}/unlock`, { cookie: reader.cookie, json: { walletAddress: reader.address } });
    const res = await api("/quickshare/stats");
    expect(res.status).toBe(200);
    expect(res.body.lifetime.unlocks).toBeGreaterThanOrEqual(1);
    expect(res.body.last24h.unlocks).toBeGreaterThanOrEqual(1);
    expect(res.body.activity[0]).toMatchObject({ kind: "unlock", wallet: `${reader.address.slice(0, 6)}…${reader.address.slice(-4)}`, amount: 0 });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(reader.address);
    expect(text).not.toContain(share.slug);
    expect(text).not.toContain("Stats-visible title");
  });
});

describe("POST /quickshare/gateway/balance", () => {
  it("reads a depositor's Gateway Wallet balance on chain", async () => {
    const payer = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65"; // anvil #4: the seed deposits 20 USDC for it
    const res = await api("/quickshare/gateway/balance", { json: { walletAddress: payer } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, wallet: payer, total: expect.any(String), atomic: { total: expect.stringMatching(/^\d+$/) } });
    expect(Number(res.body.total)).toBeGreaterThanOrEqual(Number(res.body.available));
    const fresh = await api("/quickshare/gateway/balance", { json: { walletAddress: stranger() } });
    expect(fresh.body).toMatchObject({ available: "0", total: "0", withdrawing: "0", withdrawable: "0", locked: "0", spendable: "0" });
    expect((await api("/quickshare/gateway/balance", { cookie: owner.cookie, json: {} })).body.wallet).toBe(owner.address);
    expectError(await api("/quickshare/gateway/balance", { json: {} }), 400, "invalid-request");
    expectError(await api("/quickshare/gateway/balance", { json: { walletAddress: "0x12" } }), 400, "invalid-request");
  });
});

describe("POST /uploads/content?encrypted=1 and media", () => {
  it("stores music and video encrypted and serves them with range support and the rule-9 headers", async () => {
    const audio = Buffer.alloc(10_000, 1);
    for (let i = 0; i < audio.length; i++) audio[i] = i % 251;
    const up = await upload(owner, new Blob([audio], { type: "audio/mpeg" }), "song.mp3");
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ success: true, kind: "music", contentType: "audio/mpeg", size: 10_000, fileName: "song.mp3", encrypted: true, preview: null });
    expect(up.body.storageRef).toMatch(/^media\/[0-9a-f]{32}$/);
    expect(readFileSync(blobPath(up.body.storageRef)).length).toBe(49 + 10_000 + 16);
    const vid = await upload(owner, new Blob([Buffer.from("fake mp4 bytes")], { type: "video/mp4" }), "clip.mp4");
    const share = await createShare(owner, { content: "Listen: svc-embed://0", media: [up.body.storageRef, vid.body.storageRef] });

    const full = await media(share.slug, "music");
    expect(full.status).toBe(200);
    expect(full.headers.get("cache-control")).toBe("private, max-age=300");
    expect(full.headers.get("content-disposition")).toBeNull();
    expect(Buffer.from(await full.arrayBuffer()).equals(audio)).toBe(true);
    const part = await media(share.slug, "music", { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/10000");
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(100, 200))).toBe(true);
    expect((await media(share.slug, "music", { headers: { range: "bytes=20000-" } })).status).toBe(416);

    const video = await media(share.slug, "video");
    expect(video.headers.get("content-disposition")).toBe(`inline; filename="clip.mp4"; filename*=UTF-8''clip.mp4`);
    expect((await media(share.slug, "video", { download: true })).headers.get("content-disposition")).toMatch(/^attachment/);
    // Attached uploads cannot be attached twice.
    expectError(await api("/quickshare", { cookie: owner.cookie, json: { title: "t", content: "c", price: "0", media: [up.body.storageRef] } }), 400, "invalid-request");
  });

  it("serves an HTML document as a download-safe type", async () => {
    const up = await upload(owner, new Blob(["<script>alert(1)</script>"], { type: "text/html" }), "evil.html");
    expect(up.body).toMatchObject({ kind: "document", contentType: "application/octet-stream" });
    const share = await createShare(owner, { media: [up.body.storageRef] });
    const res = await media(share.slug, "document");
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("refuses a file over 30 MB with 413 and stores nothing", async () => {
    const before = await db().media.count();
    const res = await upload(owner, new Blob([new Uint8Array(30 * 1024 * 1024 + 1)], { type: "application/pdf" }), "huge.pdf");
    expectError(res as any, 413, "payload-too-large");
    expect(await db().media.count()).toBe(before);
  });

  it("accepts a file of exactly 30 MB", async () => {
    const res = await upload(owner, new Blob([new Uint8Array(30 * 1024 * 1024)], { type: "application/pdf" }), "max.pdf");
    expect(res.status).toBe(201);
    expect(res.body.size).toBe(30 * 1024 * 1024);
  });

  const bad: Array<[string, () => Promise<any>, number, string]> = [
    ["no session", async () => { const f = new FormData(); f.set("file", new Blob(["x"]), "x.txt"); const r = await fetch(`${HUB_URL}/uploads/content?encrypted=1`, { method: "POST", body: f }); return { status: r.status, body: await r.json() }; }, 401, "unauthorized"],
    ["encrypted=0", () => upload(owner, new Blob(["x"], { type: "text/plain" }), "x.txt", {}, "?encrypted=0"), 400, "invalid-request"],
    ["an unknown kind", () => upload(owner, new Blob(["x"], { type: "text/plain" }), "x.txt", { kind: "hologram" }), 400, "invalid-request"],
    ["a photo that is not an image", () => upload(owner, new Blob(["x"], { type: "text/plain" }), "x.txt", { kind: "photo" }), 400, "invalid-request"],
    ["an image that does not decode", () => upload(owner, new Blob(["not a png"], { type: "image/png" }), "x.png"), 400, "invalid-request"],
    ["an empty file", () => upload(owner, new Blob([], { type: "text/plain" }), "x.txt"), 400, "invalid-request"],
    ["a JSON body", () => api("/uploads/content?encrypted=1", { cookie: owner.cookie, json: { file: "x" } }), 400, "invalid-request"],
  ];
  it.each(bad)("refuses %s", async (_n, run, status, code) => {
    expectError(await run(), status, code);
  });

  it("converts a photo to WebP before encrypting it and keeps a blurred public preview", async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#aa3311" } }).png().toBuffer();
    const up = await upload(owner, new Blob([new Uint8Array(png)], { type: "image/png" }), "Big Photo.PNG");
    expect(up.body).toMatchObject({ kind: "photo", contentType: "image/webp", fileName: "Big Photo.webp" });
    expect(up.body.preview).toMatch(/^preview\/[0-9a-f]{32}$/);
    const share = await createShare(owner, { price: "0.2", media: [up.body.storageRef], contentType: "image" });
    const meta = await api(`/quickshare/${share.slug}/meta`);
    expect(meta.body.cover).toBe(`${HUB_URL}/quickshare/${share.slug}/cover`);
    const cover = await sharp(Buffer.from(await (await fetch(meta.body.cover)).arrayBuffer())).metadata();
    expect(cover).toMatchObject({ format: "webp", width: 480, height: 320 });
  });
});

describe("tampered ciphertext", () => {
  it("fails the tag check: 500 without any plaintext, for the body and for media", async () => {
    const doc = await upload(owner, new Blob(["attachment-plaintext-marker"], { type: "text/plain" }), "a.txt");
    const share = await createShare(owner, { content: "body-plaintext-marker", media: [doc.body.storageRef] });
    const row = (await db().quickshare.findUnique({ where: { id: share.id } }))!;
    for (const ref of [row.bodyStorageRef!, doc.body.storageRef]) {
      const file = blobPath(ref);
      const blob = readFileSync(file);
      blob[blob.length - 1]! ^= 0x01;
      writeFileSync(file, blob);
    }
    const res = await access(share.slug);
    expect(expectError(res, 500, "internal").details).toBe("The stored body failed its integrity check");
    expect(JSON.stringify(res.body)).not.toContain("marker");
    const m = await media(share.slug, "document");
    expect(m.status).toBe(500);
    expect(await m.text()).not.toContain("marker");
  });
});

describe("media streams: a large file whole and in ranges, and a blob modified in the middle", () => {
  const file = randomBytes(3 * 1024 * 1024 + 1234);
  let slug: string;
  let ref: string;
  beforeAll(async () => {
    const up = await upload(owner, new Blob([file], { type: "video/mp4" }), "long.mp4");
    ref = up.body.storageRef;
    slug = (await createShare(owner, { content: "A long video.", media: [ref] })).slug;
  });

  it("streams every byte, and any range (unaligned, across read buffers, suffix, to the end) equals the file's", async () => {
    // (No Content-Length: Next drops it from every route handler's response and sends the body chunked.)
    const full = await media(slug, "video");
    expect(Buffer.from(await full.arrayBuffer()).equals(file)).toBe(true);
    const n = file.length;
    for (const [range, start, end] of [
      ["bytes=0-0", 0, 0], ["bytes=1-1", 1, 1], ["bytes=15-16", 15, 16], ["bytes=1048575-2097153", 1_048_575, 2_097_153],
      [`bytes=${n - 1}-`, n - 1, n - 1], ["bytes=-7", n - 7, n - 1], [`bytes=3000000-${n + 99}`, 3_000_000, n - 1],
    ] as const) {
      const part = await media(slug, "video", { headers: { range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${n}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it("HEAD answers the status and headers of GET without a body, whole and for a range", async () => {
    const whole = await fetch(`${HUB_URL}/quickshare/${slug}/media/video?index=0`, { method: "HEAD" });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect((await whole.arrayBuffer()).byteLength).toBe(0);
    const part = await fetch(`${HUB_URL}/quickshare/${slug}/media/video?index=0`, { method: "HEAD", headers: { range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 10-19/${file.length}`);
  });

  it("streams the reader abandons, HEADs and unsatisfiable ranges leave no file open in the hub", async () => {
    const openFds = async () => {
      const res = await api<string>("/metrics", { headers: { authorization: `Bearer ${process.env.METRICS_TOKEN}` } });
      return Number(/^hub_process_open_fds (\d+)$/m.exec(res.body)![1]);
    };
    const before = await openFds();
    for (let i = 0; i < 20; i++) {
      const res = await media(slug, "video");
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel();
      await (await fetch(`${HUB_URL}/quickshare/${slug}/media/video?index=0`, { method: "HEAD" })).arrayBuffer();
      expect((await media(slug, "video", { headers: { range: "bytes=99999999-" } })).status).toBe(416);
    }
    // The next full read still works, and the handles of the 60 answers above were closed, not left to GC.
    expect(Buffer.from(await (await media(slug, "video")).arrayBuffer()).equals(file)).toBe(true);
    await until(async () => (await openFds()) <= before + 5, { timeoutMs: 10_000, what: "the hub closing its media files" });
  });

  // The blob: a 49-byte header, then segments of 64 KiB of ciphertext and a 16-byte tag (49 of them).
  const SEG = 65_536;
  const segAt = (i: number) => 49 + i * (SEG + 16);
  const edited = async (edit: (stored: Buffer) => Buffer) => {
    const original = readFileSync(blobPath(ref));
    writeFileSync(blobPath(ref), edit(Buffer.from(original)));
    return () => writeFileSync(blobPath(ref), original);
  };
  const integrity500 = async (headers: Record<string, string>) => {
    const res = await media(slug, "video", { headers });
    expect(expectError({ status: res.status, body: await res.json(), headers: res.headers }, 500, "internal").details).toBe("The stored video 0 failed its integrity check");
  };

  it("a flipped bit in one segment: ranges elsewhere are served, a range starting in it is a 500, a download through it breaks off", async () => {
    const restore = await edited((b) => { b[segAt(31) + 77]! ^= 0x10; return b; });
    try {
      for (const [start, end] of [[0, 99], [file.length - 10, file.length - 1], [30 * SEG, 31 * SEG - 1], [32 * SEG, 33 * SEG + 5]] as const) {
        const part = await media(slug, "video", { headers: { range: `bytes=${start}-${end}` } });
        expect(part.status).toBe(206);
        expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(start, end + 1))).toBe(true);
      }
      await integrity500({ range: `bytes=${31 * SEG + 5}-${32 * SEG + 5}` });
      // The answer began (200) with the segments before it; the transfer then fails: never a complete file.
      const whole = await media(slug, "video");
      expect(whole.status).toBe(200);
      await expect(whole.arrayBuffer()).rejects.toThrow();
    } finally {
      restore();
    }
  });

  it.each([
    ["a flipped header bit (the salt)", (b: Buffer) => { b[20]! ^= 1; return b; }],
    ["a flipped bit in the last segment", (b: Buffer) => { b[b.length - 20]! ^= 1; return b; }],
    ["the last segment cut off (a blob ending on a segment boundary)", (b: Buffer) => b.subarray(0, segAt(48))],
    ["the last 100 bytes cut off", (b: Buffer) => b.subarray(0, b.length - 100)],
  ])("%s is a 500 before any byte, for the whole file and for ranges far from it", async (_name, edit) => {
    const restore = await edited(edit);
    try {
      for (const headers of [{}, { range: "bytes=0-99" }, { range: "bytes=-10" }] as Record<string, string>[]) await integrity500(headers);
    } finally {
      restore();
    }
  });

  it("two segments swapped: each fails where it is read, the rest is served", async () => {
    const restore = await edited((b) => Buffer.concat([b.subarray(0, segAt(3)), b.subarray(segAt(4), segAt(5)), b.subarray(segAt(3), segAt(4)), b.subarray(segAt(5))]));
    try {
      await integrity500({ range: `bytes=${3 * SEG}-${3 * SEG + 9}` });
      await integrity500({ range: `bytes=${4 * SEG + 1}-${4 * SEG + 9}` });
      const near = await media(slug, "video", { headers: { range: `bytes=0-${3 * SEG - 1}` } });
      expect(Buffer.from(await near.arrayBuffer()).equals(file.subarray(0, 3 * SEG))).toBe(true);
      await expect((await media(slug, "video")).arrayBuffer()).rejects.toThrow();
    } finally {
      restore();
    }
  });

  it("a file stored in the legacy format (one AES-GCM message) is still served whole and in ranges, and refused when modified", async () => {
    const row = (await db().media.findFirst({ where: { storageRef: ref } }))!;
    const master = Buffer.from(hubSecrets().BLOB_KEY, "hex");
    const key = openAesGcm(master, Buffer.from(row.wrappedKey!.slice(3), "base64url"));
    const restore = await edited(() => sealAesGcm(key, file));
    try {
      expect(Buffer.from(await (await media(slug, "video")).arrayBuffer()).equals(file)).toBe(true);
      const part = await media(slug, "video", { headers: { range: "bytes=1048575-2097153" } });
      expect(part.headers.get("content-range")).toBe(`bytes 1048575-2097153/${file.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(1_048_575, 2_097_154))).toBe(true);
      await edited((b) => { b[2 * 1024 * 1024 + 77]! ^= 0x10; return b; });
      for (const headers of [{}, { range: "bytes=0-99" }] as Record<string, string>[]) await integrity500(headers);
    } finally {
      restore();
    }
  });
});

describe("GET /qs/<slug>: page for browsers, JSON for agents (docs/decisions.md #4)", () => {
  let share: { id: string; slug: string };
  beforeAll(async () => {
    share = await createShare(owner, { title: `Tide "pools" & <tags>`, summary: "Low tide notes", content: "Paid tide notes.", price: "0.25" });
  });

  it("renders the paywall with svc: meta tags, Link header, JSON-LD, the manifest link and data attributes", async () => {
    const res = await fetch(`${HUB_URL}/qs/${share.slug}`, { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const manifest = `${HUB_URL}/quickshare/${share.slug}/manifest`;
    expect(res.headers.get("link")).toBe(`<${manifest}>; rel="alternate"; type="application/json"`);
    const html = await res.text();
    const metaTag = (name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"/?>`).exec(html)?.[1];
    expect(metaTag("svc:title")).toBe("Tide &quot;pools&quot; &amp; &lt;tags&gt;");
    expect(metaTag("svc:content-type")).toBe("article");
    expect(metaTag("svc:price")).toBe("0.25");
    expect(metaTag("svc:currency")).toBe("USDC");
    expect(metaTag("svc:status")).toBe("active");
    expect(metaTag("svc:access")).toBe("paid");
    expect(metaTag("svc:manifest")).toBe(manifest);
    expect(html).toContain(`<link rel="alternate" type="application/json" href="${manifest}"`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "CreativeWork", name: `Tide "pools" & <tags>`, isAccessibleForFree: false, offers: { price: "0.25", priceCurrency: "USDC" } });
    const main = /<\w+ id="share"([^>]*)>/.exec(html)![1]!; // the page's root element (inside the layout's <main>)
    const attr = (n: string) => new RegExp(`${n}="([^"]*)"`).exec(main)?.[1];
    expect(attr("data-svc-resource")).toBe(`${HUB_URL}/quickshare/${share.slug}/access`);
    expect(attr("data-svc-title")).toBe("Tide &quot;pools&quot; &amp; &lt;tags&gt;");
    expect(attr("data-svc-price")).toBe("0.25");
    expect(attr("data-svc-path")).toBe(`/qs/${share.slug}`);
    expect(attr("data-svc-manifest")).toBe(manifest);
    expect(html).toContain('id="qs-pay"');
    // Wallet actions live on the wagmi/RainbowKit page: the share page only links there (no raw provider calls).
    expect(html).toContain(`<a class="btn btn-quiet" id="qs-signin" href="/qs/${share.slug}/unlock?signin=1">Bought it already? Sign in</a>`);
    expect(html).not.toMatch(/window\.ethereum|personal_sign|eth_requestAccounts/);
    expect(html).not.toContain("Paid tide notes.");
    expect(html).not.toContain("<tags>");
  });

  it("renders the content server-side for a session holding an entitlement", async () => {
    const reader = await person();
    await giveEntitlement(share.id, reader.address);
    const res = await fetch(`${HUB_URL}/qs/${share.slug}`, { headers: { accept: "text/html", cookie: reader.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<article id="qs-content" class="qs-body"><p>Paid tide notes.</p></article>');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  const agents: Array<[string, Record<string, string>]> = [
    ["no Accept header", {}],
    ["Accept: application/json", { accept: "application/json" }],
    ["x-svc-actor: agent with Accept: text/html", { accept: "text/html", "x-svc-actor": "agent" }],
    ["a payment header with Accept: text/html", { accept: "text/html", "payment-signature": "e30=" }],
  ];
  it.each(agents)("answers agents with the access route's 402 (%s)", async (_n, headers) => {
    const res = await fetch(`${HUB_URL}/qs/${share.slug}`, { headers });
    expect(res.headers.get("content-type")).toContain("application/json");
    if (headers["payment-signature"]) return; // undecodable credentials: the access route's 402 too, checked elsewhere
    expect(res.status).toBe(402);
    const body = await res.json();
    const challenge = JSON.parse(Buffer.from(res.headers.get("payment-required")!, "base64").toString("utf8"));
    expect(challenge).toMatchObject({ x402Version: 2, resource: { url: `${HUB_URL}/quickshare/${share.slug}/access` } });
    expect(challenge.accepts.map((a: any) => [a.amount, a.extra.name])).toEqual([["250000", "USDC"], ["250000", "GatewayWalletBatched"]]);
    expect(body).toMatchObject({ x402Version: 2, code: "payment-required", accepts: challenge.accepts });
    expect(JSON.stringify(body)).not.toContain("Paid tide notes.");
  });

  it("answers agents with the free body as JSON", async () => {
    const free = await createShare(owner, { content: "Free body." });
    const res = await api(`/qs/${free.slug}`, { headers: { accept: "application/json" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, content: "Free body.", resource: { slug: free.slug, price: "0" } });
  });

  it("has a 404 page of its own", async () => {
    const res = await fetch(`${HUB_URL}/qs/zzzzzzzz`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toContain("No share lives at this link.");
    expectError(await api("/qs/zzzzzzzz"), 404, "not-found");
  });
});
