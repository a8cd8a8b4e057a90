// One access engine, two adapters: the SAME table of access cases runs against a quickshare share and
// a hosted-blog post, and both must answer alike — status, named code, how access was granted, the
// unlock proof, what was recorded — with each text naming its own kind ("share" / "post").
import { decodePaymentRequiredHeader } from "@x402/core/http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, HUB_URL } from "../support/hub";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, upload as blogUpload } from "../support/blog";
import { closeDb, createShare, db, mintProof, person, stranger, type Person } from "../support/quickshare";
import { freshPayer, signedPayment } from "../support/x402";

type Who = "owner" | "reader" | "listed" | "outsider";
type Answer = { status: number; body: any; headers: Headers };
type Made = { id: string; key: string };
type Spec = { content: string; price?: string; publicAccess?: boolean; whitelist?: Who[]; photo?: boolean };
type ReadOpts = { as?: Who; claim?: Who | `0x${string}`; proof?: string; headers?: Record<string, string> };

/** What differs between the two kinds of gated resource; everything else is the one engine's. */
type Target = {
  noun: "share" | "post";
  make(name: string, spec: Spec): Promise<Made>;
  read(m: Made, o?: ReadOpts): Promise<Answer>;
  media(m: Made, o?: ReadOpts): Promise<Answer>;
  /** The id unlock proofs are bound to, and the entitlement key. */
  proofId(m: Made): string;
  resourceKey(m: Made): string;
  admin(m: Made, wallet: string, action: "ban" | "revoke"): Promise<Answer>;
};

let people: Record<Who, Person>;
let blogCookies: Record<Who, string>;
let blog: { domain: string; siteId: string };
let png: Buffer;

const addr = (w: Who | `0x${string}`) => (w.startsWith("0x") ? w : people[w as Who].address);

const shareTarget: Target = {
  noun: "share",
  async make(name, s) {
    const share = await createShare(people.owner, {
      title: name, content: s.content, price: s.price ?? "0", publicAccess: s.publicAccess ?? true,
      whitelist: s.whitelist?.map((w) => people[w].address), media: s.photo ? [await hubUpload()] : undefined,
    });
    return { id: share.id, key: share.slug };
  },
  read(m, o = {}) {
    const q = o.claim ? `?wallet=${addr(o.claim)}` : "";
    return api(`/quickshare/${m.key}/access${q}`, { cookie: o.as ? people[o.as].cookie : undefined, headers: { ...(o.proof ? { "x-svc-payment-proof": o.proof } : {}), ...o.headers } });
  },
  media(m, o = {}) {
    const q = o.claim ? `&wallet=${addr(o.claim)}` : "";
    return api(`/quickshare/${m.key}/media/photo?index=0${q}`, { cookie: o.as ? people[o.as].cookie : undefined, headers: o.proof ? { "x-svc-payment-proof": o.proof } : {} });
  },
  proofId: (m) => m.id,
  resourceKey: (m) => `qs:${m.id}`,
  admin: (m, wallet, action) => api(`/quickshare/${m.key}/entitlements/${wallet}/${action}`, { method: "POST", cookie: people.owner.cookie }),
};

const postTarget: Target = {
  noun: "post",
  async make(name, s) {
    const post = await createPost(blog.domain, blogCookies.owner, {
      title: name, slug: name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), body: s.content, price: s.price ?? "0", publicAccess: s.publicAccess ?? true,
      whitelist: s.whitelist?.map((w) => people[w].address),
      ...(s.photo ? { type: "image", media: [await blogUpload(blog.domain, blogCookies.owner, { name: "tide.png", type: "image/png", data: png })] } : {}),
    });
    return { id: post.id, key: post.path };
  },
  read(m, o = {}) {
    const q = o.claim ? `&wallet=${addr(o.claim)}` : "";
    return blogRequest(blog.domain, `/api/svc/access?path=${encodeURIComponent(m.key)}${q}`, {
      cookie: o.as ? blogCookies[o.as] : undefined, headers: { ...(o.proof ? { "x-svc-payment-proof": o.proof } : {}), ...o.headers },
    });
  },
  media(m, o = {}) {
    const q = o.claim ? `&wallet=${addr(o.claim)}` : "";
    return blogRequest(blog.domain, `/api/svc/media/${m.id}/photo?index=0${q}`, { cookie: o.as ? blogCookies[o.as] : undefined, headers: o.proof ? { "x-svc-payment-proof": o.proof } : {} });
  },
  proofId: (m) => `post:${m.id}`,
  resourceKey: (m) => `post:${m.id}`,
  admin: (m, wallet, action) => blogRequest(blog.domain, `/api/svc/posts/${m.id}/entitlements/${wallet}/${action}`, { method: "POST", cookie: blogCookies.owner }),
};

/** One encrypted upload to the hub (each upload attaches to one share only). */
async function hubUpload(): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "tide.png");
  const up = await fetch(`${HUB_URL}/uploads/content?encrypted=1`, { method: "POST", body: form, headers: { cookie: people.owner.cookie } });
  const body = (await up.json()) as { storageRef: string };
  if (up.status !== 201) throw new Error(`upload: ${up.status} ${JSON.stringify(body)}`);
  return body.storageRef;
}

const now = () => Math.floor(Date.now() / 1000);

async function giveEntitlement(t: Target, m: Made, who: Who, status: "active" | "revoked" | "banned" = "active") {
  const key = { resourceKey: t.resourceKey(m), wallet: people[who].address };
  await db().entitlement.upsert({ where: { resourceKey_wallet: key }, create: { ...key, status, source: "payment" }, update: { status } });
}

beforeAll(async () => {
  const [owner, reader, listed, outsider] = await Promise.all([person(), person(), person(), person()]);
  people = { owner, reader, listed, outsider };
  blog = await createBlog(owner, "engine");
  const cookies = await Promise.all((Object.keys(people) as Who[]).map(async (w) => [w, await blogSignIn(blog.domain, people[w].account)] as const));
  blogCookies = Object.fromEntries(cookies) as Record<Who, string>;
  png = await sharp({ create: { width: 16, height: 12, channels: 3, background: "#2a6" } }).png().toBuffer();
}, 60_000);

afterAll(async () => {
  await cleanupBlogs();
  await closeDb();
});

/** The cases, each run against a share and against a post with the same expectations. */
describe.each([shareTarget, postTarget])("one access engine: a $noun", (t) => {
  const fixtures: Record<string, Made> = {};
  const make = async (name: string, spec: Spec) => (fixtures[name] ??= await t.make(name, spec));

  it("free and public: anyone reads, nothing is recorded for an anonymous read", async () => {
    const m = await make("free", { content: "Free for all." });
    const res = await t.read(m);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body).toMatchObject({ ok: true, content: "Free for all.", access: { via: "free", wallet: null }, entitlement: null, unlockProof: null, payment: null });
  });

  it("paid: 402 with the challenge at the price, naming the kind", async () => {
    const m = await make("paid", { content: "Paid secret.", price: "0.25", photo: true });
    const res = await t.read(m);
    expect(res.status).toBe(402);
    expect(res.body.details).toContain(`This ${t.noun} costs 0.25 USDC`);
    const challenge = decodePaymentRequiredHeader(res.headers.get("payment-required")!);
    expect(challenge.accepts.map((a) => a.amount)).toEqual(["250000", "250000"]);
  });

  it("paid with a proof of an entitled wallet: 200 by entitlement, the live proof handed back", async () => {
    const m = await make("paid", { content: "Paid secret.", price: "0.25", photo: true });
    await giveEntitlement(t, m, "reader");
    const proof = mintProof(t.proofId(m), people.reader.address, now());
    const res = await t.read(m, { proof });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ content: "Paid secret.", access: { via: "entitlement", wallet: people.reader.address }, entitlement: { status: "active", source: "payment" }, unlockProof: proof });
    // A proof bound to the other kind's id (or another resource) does not verify here.
    const foreign = mintProof(t.noun === "share" ? `post:${m.id}` : m.id, people.reader.address, now());
    const bad = await t.read(m, { proof: foreign });
    expect(bad.status).toBe(403);
    expect(bad.body).toMatchObject({ code: "invalid-proof", details: `The unlock proof does not verify for this ${t.noun}` });
  });

  it("paid, claim vs possession: a bare claim of the entitled wallet is charged; its session reads", async () => {
    const m = await make("paid", { content: "Paid secret.", price: "0.25", photo: true });
    await giveEntitlement(t, m, "reader");
    expect((await t.read(m, { claim: "reader" })).status).toBe(402);
    const signedIn = await t.read(m, { as: "reader" });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.access).toEqual({ via: "entitlement", wallet: people.reader.address });
    expect(signedIn.body.unlockProof).toMatch(/^0x[0-9a-fA-F]{40}\.\d+\.\d+\./);
  });

  it("paid, then paid for: a signed authorization buys it once; its proof re-reads without paying", async () => {
    const m = await make("bought", { content: "Bought secret.", price: "0.05" });
    const unpaid = await t.read(m);
    const challenge = decodePaymentRequiredHeader(unpaid.headers.get("payment-required")!);
    const payer = await freshPayer({ wallet: "1" });
    const { header } = await signedPayment({ requirement: challenge.accepts[0]!, signer: payer, resource: challenge.resource });
    const paid = await t.read(m, { headers: { "payment-signature": header, "x-svc-actor": "Agent" } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ content: "Bought secret.", access: { via: "payment", wallet: payer.address }, entitlement: { status: "active", source: "payment" }, payment: { amount: 0.05, payerWallet: payer.address } });
    const ent = await db().entitlement.findUniqueOrThrow({ where: { resourceKey_wallet: { resourceKey: t.resourceKey(m), wallet: payer.address } } });
    expect(ent).toMatchObject({ status: "active", source: "payment" });
    const again = await t.read(m, { proof: paid.body.unlockProof });
    expect(again.status).toBe(200);
    expect(again.body.access.via).toBe("entitlement");
    expect(await db().payment.count({ where: { payer: payer.address } })).toBe(1);
    // One x-svc-actor rule (trimmed, any case): a post's ledger row says agent; a share's row never names anything.
    const row = await db().ledgerActivity.findFirstOrThrow({ where: { paymentId: paid.body.payment.paymentId } });
    expect(row.actor).toBe(t.noun === "post" ? "agent" : null);
  }, 60_000);

  it("invite-only: an anonymous reader and a wallet not on the list get 403 not-invited before any charge", async () => {
    const m = await make("invitePaid", { content: "Invite-only, paid.", price: "0.30", publicAccess: false, whitelist: ["listed"] });
    const anon = await t.read(m);
    expect(anon.status).toBe(403);
    expect(anon.body).toMatchObject({ code: "not-invited" });
    expect(anon.body.details).toContain(`This ${t.noun} is invite-only`);
    const outsider = await t.read(m, { as: "outsider" });
    expect(outsider.status).toBe(403);
    expect(outsider.body).toMatchObject({ code: "not-invited", details: `This ${t.noun} is invite-only and this wallet is not on its list` });
  });

  it("whitelist price: a listed wallet of an invite-only paid resource is charged the whitelist tier", async () => {
    const m = await make("invitePaid", { content: "Invite-only, paid.", price: "0.30", publicAccess: false, whitelist: ["listed"] });
    const res = await t.read(m, { claim: "listed" });
    expect(res.status).toBe(402);
    expect(res.body.details).toContain(`This ${t.noun} costs 0.3 USDC (whitelist price)`);
    expect(decodePaymentRequiredHeader(res.headers.get("payment-required")!).accepts[0]!.amount).toBe("300000");
  });

  it("invite-only and free: a listed claim needs possession; the listed session reads and its whitelist grant is recorded", async () => {
    const m = await make("inviteFree", { content: "Invite-only, free.", publicAccess: false, whitelist: ["listed"], photo: true });
    const claim = await t.read(m, { claim: "listed" });
    expect(claim.status).toBe(403);
    expect(claim.body.code).toBe("possession-required");
    const signedIn = await t.read(m, { as: "listed" });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body).toMatchObject({ content: "Invite-only, free.", access: { via: "whitelist-free", wallet: people.listed.address }, entitlement: { status: "active", source: "whitelist" } });
    const ent = await db().entitlement.findUniqueOrThrow({ where: { resourceKey_wallet: { resourceKey: t.resourceKey(m), wallet: people.listed.address } } });
    expect(ent).toMatchObject({ status: "active", source: "whitelist" });
  });

  it("banned: a banned wallet is refused even with its proof, and cannot buy", async () => {
    const m = await make("paid", { content: "Paid secret.", price: "0.25", photo: true });
    await giveEntitlement(t, m, "outsider");
    const ban = await t.admin(m, people.outsider.address, "ban");
    expect(ban.status, JSON.stringify(ban.body)).toBe(200);
    const proof = mintProof(t.proofId(m), people.outsider.address, now());
    const res = await t.read(m, { proof });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "banned", details: `This wallet is banned from this ${t.noun}` });
  });

  it("revoked: a paid wallet whose access was revoked is asked to pay again; a revoked whitelist grant is 403", async () => {
    const m = await make("revokedPaid", { content: "Revocable.", price: "0.25" });
    await giveEntitlement(t, m, "reader");
    const proof = mintProof(t.proofId(m), people.reader.address, now());
    expect((await t.read(m, { proof })).status).toBe(200);
    expect((await t.admin(m, people.reader.address, "revoke")).status).toBe(200);
    expect((await t.read(m, { proof })).status).toBe(402);

    const f = await make("inviteFreeRevocable", { content: "Invite-only, free, revocable.", publicAccess: false, whitelist: ["listed"] });
    await giveEntitlement(t, f, "listed");
    expect((await t.admin(f, people.listed.address, "revoke")).status).toBe(200);
    const denied = await t.read(f, { as: "listed" });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("entitlement-revoked");
  });

  it("media: free public streams to anyone; paid needs an entitlement proven by proof; never charges", async () => {
    const free = await make("freePhoto", { content: "Free photo.", photo: true });
    const open = await t.media(free);
    expect(open.status).toBe(200);
    expect(open.headers.get("cache-control")).toBe("private, max-age=300");
    expect(open.headers.get("content-type")).toBe("image/webp");

    const paid = await make("paid", { content: "Paid secret.", price: "0.25", photo: true });
    const none = await t.media(paid);
    expect(none.status).toBe(403);
    expect(none.body.code).toBe("entitlement-required");
    await giveEntitlement(t, paid, "reader");
    const proven = await t.media(paid, { proof: mintProof(t.proofId(paid), people.reader.address, now()) });
    expect(proven.status).toBe(200);
    expect(proven.headers.get("content-type")).toBe("image/webp");

    const invite = await make("inviteFree", { content: "Invite-only, free.", publicAccess: false, whitelist: ["listed"], photo: true });
    expect((await t.media(invite, { claim: "listed" })).status).toBe(403);
    const listedProof = mintProof(t.proofId(invite), people.listed.address, now());
    expect((await t.media(invite, { proof: listedProof })).status).toBe(200);
  });

  it("unknown: 404", async () => {
    const m = { id: "nope", key: t.noun === "share" ? "Nope1234" : "/article/no-such-post" };
    const res = await t.read(m);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not-found");
    expect(res.body.details).toContain(`No published ${t.noun}`);
    expect((await t.read({ ...m }, { claim: stranger() })).status).toBe(404);
  });
});
