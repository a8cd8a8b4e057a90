// Access rules 1–12 of the interface, one table row (or more) each, asserted over HTTP with status and body.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, expectError, HUB_URL } from "../support/hub";
import {
  access, closeDb, createShare, db, giveEntitlement, media, mintProof, person, stranger, until, type Person,
} from "../support/quickshare";

const now = () => Math.floor(Date.now() / 1000);
// Rows this file makes the hub write (other files insert quickshare fixture rows of their own, e.g. the
// ledger test's deliberately identifying ones that the ledger route must strip).
const fileStart = new Date(Date.now() - 1000);

let owner: Person;
let reader: Person; // holds an entitlement to the paid share
let listed: Person; // on the whitelists
let outsider: Person; // signed in, on no list
const shares: Record<string, { id: string; slug: string }> = {};
let photoRef = "";

async function upload(who: Person, file: Blob, name: string, kind?: string) {
  const form = new FormData();
  form.set("file", file, name);
  if (kind) form.set("kind", kind);
  const res = await fetch(`${HUB_URL}/uploads/content?encrypted=1`, { method: "POST", body: form, headers: { cookie: who.cookie } });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
  return body as { storageRef: string };
}

beforeAll(async () => {
  [owner, reader, listed, outsider] = await Promise.all([person(), person(), person(), person()]);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } }).png().toBuffer();
  photoRef = (await upload(owner, new Blob([new Uint8Array(png)], { type: "image/png" }), "tide.png")).storageRef;
  const photoRef2 = (await upload(owner, new Blob([new Uint8Array(png)], { type: "image/png" }), "tide2.png")).storageRef;
  const photoRef3 = (await upload(owner, new Blob([new Uint8Array(png)], { type: "image/png" }), "tide3.png")).storageRef;
  const docRef = (await upload(owner, new Blob(["%PDF-1.4 minimal"], { type: "application/pdf" }), "notes.pdf")).storageRef;
  const make = async (key: string, input: Parameters<typeof createShare>[1]) => { shares[key] = await createShare(owner, input); };
  await Promise.all([
    make("freePublic", { content: "Free for all. svc-embed://0", media: [photoRef] }),
    make("paid", { content: "Paid secret. svc-embed://0 svc-embed://1", price: "0.25", media: [photoRef2, docRef] }),
    make("tiered", { content: "Tiered secret.", price: "0.50", whitelist: [listed.address], whitelistPrice: "0.10" }),
    make("tieredFree", { content: "Free for the list.", price: "0.50", whitelist: [listed.address], whitelistPrice: "0" }),
    make("inviteFree", { content: "Invite-only, free.", price: "0", publicAccess: false, whitelist: [listed.address], media: [photoRef3] }),
    make("invitePaid", { content: "Invite-only, paid.", price: "0.30", publicAccess: false, whitelist: [listed.address] }),
    make("revoked", { content: "Soon gone." }),
    make("expiring", { content: "Short-lived paid.", price: "0.20", expiresInHours: 3 / 3600 }),
    make("draft", { content: "Not yet.", draft: true }),
  ]);
  await giveEntitlement(shares.paid!.id, reader.address);
  await giveEntitlement(shares.expiring!.id, reader.address);
  expect((await api(`/quickshare/${shares.revoked!.slug}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
  // A share stored before encryption: no body blob, only its old URL.
  await db().quickshare.create({
    data: { slug: "LegacyAb", network: "testnet", ownerWallet: owner.address, title: "Old", expiresAt: new Date(Date.now() + 3_600_000), legacyUrl: "https://legacy.example/post/1" },
  }).catch(() => {});
  // Rule 2 needs the short-lived share past its expiry: poll, never sleep.
  await until(async () => (await access(shares.expiring!.slug)).status === 419, { what: "the share to expire" });
}, 60_000);
afterAll(closeDb);

type Case = {
  rule: string;
  name: string;
  run: () => Promise<{ status: number; body: any; headers: Headers }>;
  status: number;
  code?: string;
  check?: (body: any, headers: Headers) => void;
};

const s = (k: string) => shares[k]!.slug;
const proofOf = (k: string, who: Person | string) => mintProof(shares[k]!.id, typeof who === "string" ? who : who.address, now());
const bin = async (res: Response) => ({ status: res.status, body: res.ok ? await res.arrayBuffer() : await res.json(), headers: res.headers });

const cases: Case[] = [
  // 1. status not active → 410 (docs/decisions.md #1), on every read route
  { rule: "1", name: "a revoked share: access", run: () => access(s("revoked")), status: 410, code: "gone" },
  { rule: "1", name: "a revoked share: unlock", run: () => api(`/quickshare/${s("revoked")}/unlock`, { json: {} }), status: 410, code: "gone" },
  { rule: "1", name: "a revoked share: meta", run: () => api(`/quickshare/${s("revoked")}/meta`), status: 410, code: "gone" },
  { rule: "1", name: "a revoked share: media", run: async () => bin(await media(s("revoked"), "photo")), status: 410, code: "gone" },
  { rule: "1", name: "a revoked share: view", run: () => api(`/quickshare/${s("revoked")}/view`, { method: "POST" }), status: 410, code: "gone" },
  // (docs/decisions.md #1) unknown and draft → 404
  { rule: "1", name: "an unknown slug", run: () => access("zzzzzzzz"), status: 404, code: "not-found" },
  { rule: "1", name: "a malformed slug", run: () => access("not-a-slug!"), status: 404, code: "not-found" },
  { rule: "1", name: "a draft", run: () => access(s("draft")), status: 404, code: "not-found" },
  { rule: "1", name: "a draft, even for its owner", run: () => access(s("draft"), { cookie: owner.cookie }), status: 404, code: "not-found" },
  // 2. past expiresAt → 419, grants persist
  { rule: "2", name: "an expired share, anonymous", run: () => access(s("expiring")), status: 419, code: "expired" },
  { rule: "2", name: "an expired share, no new unlocks", run: () => api(`/quickshare/${s("expiring")}/unlock`, { json: {} }), status: 419, code: "expired" },
  { rule: "2", name: "an expired share, bare claim of an entitled wallet", run: () => access(s("expiring"), { wallet: reader.address }), status: 419, code: "expired" },
  {
    rule: "2", name: "an expired share still reads for an entitled wallet with a session", run: () => access(s("expiring"), { cookie: reader.cookie }), status: 200,
    check: (b) => { expect(b.content).toBe("Short-lived paid."); expect(b.access).toEqual({ via: "entitlement", wallet: reader.address }); },
  },
  { rule: "2", name: "an expired share still reads with the entitled wallet's proof", run: () => access(s("expiring"), { proof: proofOf("expiring", reader) }), status: 200 },
  // 3. a bare claim never grants; possession is a proof or a matching session
  { rule: "3", name: "a claimed whitelisted wallet on a free whitelist tier", run: () => access(s("tieredFree"), { wallet: listed.address }), status: 403, code: "possession-required" },
  {
    rule: "3", name: "the same wallet with its session", run: () => access(s("tieredFree"), { wallet: listed.address, cookie: listed.cookie }), status: 200,
    check: (b) => { expect(b.access.via).toBe("whitelist-free"); expect(b.unlockProof).toMatch(new RegExp(`^${listed.address}\\.\\d+\\.\\d+\\.[A-Za-z0-9_-]{43}$`)); },
  },
  { rule: "3", name: "the claim with another wallet's session", run: () => access(s("tieredFree"), { wallet: listed.address, cookie: outsider.cookie }), status: 403, code: "possession-required" },
  { rule: "3", name: "the claim with another wallet's proof", run: () => access(s("inviteFree"), { wallet: listed.address, proof: proofOf("inviteFree", outsider) }), status: 403, code: "possession-required" },
  { rule: "3", name: "the claim with its own proof", run: () => access(s("inviteFree"), { wallet: listed.address, proof: proofOf("inviteFree", listed) }), status: 200 },
  { rule: "3", name: "a claimed entitled wallet on a paid share is charged", run: () => access(s("paid"), { wallet: reader.address }), status: 402 },
  { rule: "3", name: "a forged proof", run: () => access(s("paid"), { proof: `${reader.address}.${now()}.${now() + 43200}.${"A".repeat(43)}` }), status: 403, code: "invalid-proof" },
  { rule: "3", name: "a proof of another share", run: () => access(s("paid"), { proof: proofOf("tiered", reader) }), status: 403, code: "invalid-proof" },
  // 4. publicAccess true: whitelisted wallets pay whitelistPrice, everyone else price; whitelistPrice 0 needs possession
  { rule: "4", name: "anonymous on a tiered share pays the public price", run: () => access(s("tiered")), status: 402, check: (b) => expect(b.accepts.map((a: any) => a.amount)).toEqual(["500000", "500000"]) },
  {
    rule: "4", name: "quote: a whitelisted claim gets the whitelist price", run: () => api(`/quickshare/${s("tiered")}/quote?wallet=${listed.address}`), status: 200,
    check: (b) => expect(b).toMatchObject({ amount: "0.1", price: "0.5", whitelistPrice: "0.1", tier: "whitelist", decision: "payment-required", possessed: false }),
  },
  {
    rule: "4", name: "quote: anyone else gets the public price", run: () => api(`/quickshare/${s("tiered")}/quote?wallet=${stranger()}`), status: 200,
    check: (b) => expect(b).toMatchObject({ amount: "0.5", price: "0.5", tier: "public", decision: "payment-required" }),
  },
  {
    rule: "4", name: "quote: a whitelistPrice of 0 needs possession", run: () => api(`/quickshare/${s("tieredFree")}/quote?wallet=${listed.address}`), status: 200,
    check: (b) => expect(b).toMatchObject({ amount: null, whitelistPrice: "0", tier: "whitelist", decision: "denied", reason: "possession-required" }),
  },
  // 5. invite-only: non-listed → 403 before any charge or free grant
  { rule: "5", name: "invite-only paid, anonymous", run: () => access(s("invitePaid")), status: 403, code: "not-invited" },
  { rule: "5", name: "invite-only paid, a non-listed session", run: () => access(s("invitePaid"), { cookie: outsider.cookie }), status: 403, code: "not-invited" },
  { rule: "5", name: "invite-only paid, a non-listed claim", run: () => access(s("invitePaid"), { wallet: stranger() }), status: 403, code: "not-invited" },
  { rule: "5", name: "invite-only paid, a listed claim is charged", run: () => access(s("invitePaid"), { wallet: listed.address }), status: 402 },
  { rule: "5", name: "invite-only free, a non-listed session", run: () => access(s("inviteFree"), { cookie: outsider.cookie }), status: 403, code: "not-invited" },
  { rule: "5", name: "invite-only free, a listed claim without possession", run: () => access(s("inviteFree"), { wallet: listed.address }), status: 403, code: "possession-required" },
  { rule: "5", name: "invite-only free, the listed wallet's session", run: () => access(s("inviteFree"), { cookie: listed.cookie }), status: 200, check: (b) => expect(b.content).toBe("Invite-only, free.") },
  // 6. anonymous view of a paid share is charged the public price
  { rule: "6", name: "a paid share, anonymous", run: () => access(s("paid")), status: 402 },
  { rule: "6", name: "a paid share, a signed-in wallet without entitlement", run: () => access(s("paid"), { cookie: outsider.cookie }), status: 402 },
  // 7. paid needs a payment unless an active entitlement exists
  {
    rule: "7", name: "a paid share, the entitled wallet's session", run: () => access(s("paid"), { cookie: reader.cookie }), status: 200,
    check: (b, h) => {
      expect(b).toMatchObject({ ok: true, content: "Paid secret. svc-embed://0 svc-embed://1", access: { via: "entitlement", wallet: reader.address }, entitlement: { wallet: reader.address, status: "active" } });
      expect(h.get("cache-control")).toBe("private, no-store");
    },
  },
  { rule: "7", name: "a paid share, the entitled wallet's proof", run: () => access(s("paid"), { proof: proofOf("paid", reader) }), status: 200 },
  { rule: "7", name: "a paid share, a legacy two-part proof", run: () => access(s("paid"), { proof: mintProof(shares.paid!.id, reader.address, null) }), status: 200 },
  // 8. media
  {
    rule: "8", name: "media of a free public share streams without proof", run: async () => bin(await media(s("freePublic"), "photo")), status: 200,
    check: (_b, h) => { expect(h.get("content-type")).toBe("image/webp"); expect(h.get("content-disposition")).toBeNull(); },
  },
  { rule: "8", name: "media of a paid share without proof (403, never 402)", run: async () => bin(await media(s("paid"), "photo")), status: 403, code: "entitlement-required" },
  { rule: "8", name: "media of a paid share with a bare claim", run: async () => bin(await media(s("paid"), "photo", { wallet: reader.address })), status: 403, code: "entitlement-required" },
  { rule: "8", name: "media of a paid share with query proof", run: async () => bin(await media(s("paid"), "photo", { proof: proofOf("paid", reader), queryProof: true })), status: 200 },
  { rule: "8", name: "media of a paid share with the proof header", run: async () => bin(await media(s("paid"), "photo", { proof: proofOf("paid", reader) })), status: 200 },
  { rule: "8", name: "media of a paid share with wallet + session", run: async () => bin(await media(s("paid"), "photo", { wallet: reader.address, cookie: reader.cookie })), status: 200 },
  { rule: "8", name: "media of a free invite-only share without possession", run: async () => bin(await media(s("inviteFree"), "photo", { wallet: listed.address })), status: 403, code: "possession-required" },
  { rule: "8", name: "media of a free invite-only share with the listed session", run: async () => bin(await media(s("inviteFree"), "photo", { cookie: listed.cookie })), status: 200 },
  { rule: "8", name: "media that does not exist", run: async () => bin(await media(s("freePublic"), "video")), status: 404, code: "not-found" },
  // 9. headers
  {
    rule: "9", name: "media: Cache-Control private, max-age=300; a document is inline", run: async () => bin(await media(s("paid"), "document", { proof: proofOf("paid", reader) })), status: 200,
    check: (_b, h) => {
      expect(h.get("cache-control")).toBe("private, max-age=300");
      expect(h.get("content-type")).toBe("application/pdf");
      expect(h.get("content-disposition")).toBe(`inline; filename="notes.pdf"; filename*=UTF-8''notes.pdf`);
    },
  },
  {
    rule: "9", name: "media: download=1 makes it an attachment", run: async () => bin(await media(s("paid"), "document", { proof: proofOf("paid", reader), download: true })), status: 200,
    check: (_b, h) => expect(h.get("content-disposition")).toMatch(/^attachment; filename="notes\.pdf"/),
  },
  { rule: "9", name: "a free decrypted body is no-store too", run: () => access(s("freePublic")), status: 200, check: (_b, h) => expect(h.get("cache-control")).toBe("private, no-store") },
  // 10. legacy shares redirect to their stored URL
  {
    rule: "10", name: "a legacy share", run: async () => { const r = await fetch(`${HUB_URL}/quickshare/LegacyAb/access`, { redirect: "manual" }); return { status: r.status, body: null, headers: r.headers }; }, status: 302,
    check: (_b, h) => expect(h.get("location")).toBe("https://legacy.example/post/1"),
  },
  // 11. svc-embed://N tokens refer to the media route
  {
    rule: "11", name: "embeds map each token to its media URL", run: () => access(s("paid"), { cookie: reader.cookie }), status: 200,
    check: (b) => {
      expect(b.embeds).toEqual({
        "svc-embed://0": `${HUB_URL}/quickshare/${s("paid")}/media/photo?index=0`,
        "svc-embed://1": `${HUB_URL}/quickshare/${s("paid")}/media/document?index=0`,
      });
      expect(b.media).toMatchObject({ photos: [`${HUB_URL}/quickshare/${s("paid")}/media/photo?index=0`], hasDocument: true, documentName: "notes.pdf", documentContentType: "application/pdf", hasAudio: false, hasVideo: false });
    },
  },
  {
    rule: "11", name: "the share page rewrites the token to the media route", run: () => api(`/qs/${s("freePublic")}`, { headers: { accept: "text/html" } }), status: 200,
    check: (html) => {
      expect(html).toContain(`<img class="qs-media" src="/quickshare/${s("freePublic")}/media/photo?index=0"`);
      expect(html).not.toContain("svc-embed://0");
    },
  },
];

describe("quickshare access rules 1–11", () => {
  it.each(cases.map((c) => [`rule ${c.rule}: ${c.name}`, c] as const))("%s", async (_label, c) => {
    const res = await c.run();
    if (c.code) expectError(res as any, c.status, c.code);
    else expect(res.status, JSON.stringify(res.body)?.slice(0, 300)).toBe(c.status);
    c.check?.(res.body, res.headers);
  });
});

describe("rule 12: shares never reach discovery, sitemaps or reputation", () => {
  it("writes only anonymous quickshare ledger rows and no content, rating or metric rows", async () => {
    const [view, unlock] = [
      await api(`/quickshare/${s("freePublic")}/view`, { method: "POST" }),
      await api(`/quickshare/${s("freePublic")}/unlock`, { json: { walletAddress: reader.address }, cookie: reader.cookie }),
    ];
    expect(view.status).toBe(200);
    expect(unlock.status).toBe(200);
    const rows = await db().ledgerActivity.findMany({ where: { type: "quickshare", timestamp: { gte: fileStart } } });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const texts = Object.values(shares).flatMap((sh) => [sh.slug, sh.id]);
    for (const row of rows) {
      expect(row).toMatchObject({ contentId: null, contentTitle: null, contentUrl: null, domain: null, websiteId: null });
      const dump = JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? String(v) : v));
      for (const t of [...texts, "A private note", "/qs/"]) expect(dump).not.toContain(t);
    }
    expect(rows.map((r) => r.subkind)).toEqual(expect.arrayContaining(["view", "unlock"]));
    expect(await db().content.count({ where: { OR: [{ url: { contains: "/qs/" } }, { title: "A private note" }] } })).toBe(0);
    expect(await db().rating.count({ where: { contentId: { in: Object.values(shares).map((x) => x.id) } } })).toBe(0);
  });

  it("never lists a share in explore, the sitemaps, the x402 discovery document or the leaderboards", async () => {
    const title = `Unlisted-${shares.paid!.slug}`;
    const share = await createShare(owner, { title, summary: title, content: "never listed", price: "0.5" });
    const explore = await api(`/hub/explore/content?q=${encodeURIComponent(title)}&type=all`);
    expect(explore.status).toBe(200);
    expect(explore.body.total).toBe(0);
    const lists = [
      await api("/hub/explore/content?limit=500"),
      await api("/hub/sitemap/content"),
      await api("/hub/sitemap-sites"),
      await api("/.well-known/x402"),
      await api("/hub/reputation/leaderboards?type=content&limit=50"),
    ];
    for (const res of lists) {
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      for (const needle of ["/qs/", "/quickshare/", share.slug, share.id, title]) expect(text).not.toContain(needle);
    }
  });

  it("marks every share page noindex", async () => {
    const res = await fetch(`${HUB_URL}/qs/${s("paid")}`, { headers: { accept: "text/html" } });
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await res.text()).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
  });
});

describe("quickshare photo uploads", () => {
  it("keeps only the preview public: the cover is a WebP, the original is encrypted on disk", async () => {
    const row = await db().media.findFirst({ where: { storageRef: photoRef } });
    expect(row).toMatchObject({ kind: "photo", contentType: "image/webp", resourceType: "quickshare", resourceId: shares.freePublic!.id });
    expect(row!.wrappedKey).toMatch(/^k1\./);
    const cover = await fetch(`${HUB_URL}/quickshare/${s("freePublic")}/cover`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
  });
});
