// What readers and creators see agrees with what happened: the buyer of a hosted post may rate it
// (its sale is recorded against the post, its explore card is the post's listing), and a filtered
// ledger reports the totals of the rows it filters, not the hub's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost } from "../support/blog";
import { api, expectError, HUB_URL } from "../support/hub";
import { closeDb, createShare, db, person, until, type Person } from "../support/quickshare";
import { freshPayer, signedPayment } from "../support/x402";
import { decodePaymentRequiredHeader } from "@x402/core/http";

afterAll(async () => {
  await cleanupBlogs();
  await closeDb();
});

let owner: Person;
let blog: { domain: string; siteId: string };
let admin: string;

beforeAll(async () => {
  owner = await person();
  blog = await createBlog(owner, "figures");
  admin = await blogSignIn(blog.domain, owner.account);
});

/** Buys a post on its blog's access route over the plain EIP-3009 option; returns the payer. */
async function buyPost(path: string, price: string) {
  const payer = await freshPayer({ wallet: "1" });
  const challenge = await blogRequest(blog.domain, `/api/svc/access?path=${encodeURIComponent(path)}`);
  expect(challenge.status, challenge.text).toBe(402);
  const c = decodePaymentRequiredHeader(challenge.headers.get("payment-required")!);
  expect(c.accepts[0]!.amount).toBe(String(Math.round(Number(price) * 1e6)));
  const { header } = await signedPayment({ requirement: c.accepts[0]!, signer: payer, resource: c.resource });
  const paid = await blogRequest(blog.domain, `/api/svc/access?path=${encodeURIComponent(path)}`, { headers: { "payment-signature": header } });
  expect(paid.status, paid.text).toBe(200);
  return payer;
}

/** An item of a leaderboard, found by paging through it. */
async function onBoard(type: "content" | "sites" | "creators", id: string) {
  for (let skip = 0; ; skip += 50) {
    const page = (await api(`/hub/reputation/leaderboards?type=${type}&limit=50&skip=${skip}`)).body;
    const item = page.items.find((i: any) => (i.id ?? i.websiteId ?? i.wallet) === id);
    if (item || page.items.length < 50) return item;
  }
}

describe("a hosted post's buyer", () => {
  it("may rate the post's explore card; a wallet that did not buy it is told so by the post's title", async () => {
    const post = await createPost(blog.domain, admin, { title: "Harbor chart", slug: "harbor-chart", body: "Depths by berth.", price: "0.25" });
    const listing = await db().content.findFirstOrThrow({ where: { externalId: `post:${post.id}` } });
    const payer = await buyPost(post.path, "0.25");

    const prep = await api("/hub/reputation/ratings/prepare", { json: { contentId: listing.id, walletAddress: payer.address, ratingValue: 40 } });
    expect(prep.status, JSON.stringify(prep.body)).toBe(200);
    expect(prep.body).toMatchObject({ success: true, ratingValue: 40 });
    const payment = await db().payment.findFirstOrThrow({ where: { resourceType: "blogpost", resourceId: post.id, payer: payer.address } });
    expect(prep.body.unlockRef).toBe(payment.txHash ?? payment.id);

    const stranger = await freshPayer();
    const refused = await api("/hub/reputation/ratings/prepare", { json: { contentId: listing.id, walletAddress: stranger.address, ratingValue: 40 } });
    expectError(refused, 403, "forbidden");
    expect(refused.body.details).toContain("Harbor chart");
    expect(refused.body.details).not.toContain(listing.id);
  });
});

describe("one record of every sale and view, read by every figure", () => {
  it("a hosted post's sale moves its explore card, the content board and the stats; its page views count in the ledger and stats", async () => {
    const post = await createPost(blog.domain, admin, { title: "Buoy log", slug: "buoy-log", body: "Buoy 4 drifted.", price: "0.2" });
    const listing = await db().content.findFirstOrThrow({ where: { externalId: `post:${post.id}` } });
    const statsBefore = (await api("/hub/stats")).body.stats;
    await buyPost(post.path, "0.2");

    const payment = await db().payment.findFirstOrThrow({ where: { resourceType: "blogpost", resourceId: post.id } });
    const net = Number(payment.amountAtomic - payment.feeAtomic) / 1e6;
    const card = (await api(`/hub/explore/content?q=${encodeURIComponent("Buoy log")}&limit=10`)).body.content.find((i: any) => i.id === listing.id);
    expect(card).toMatchObject({ unlocks: 1, revenue: net });
    expect(await onBoard("content", listing.id)).toMatchObject({ unlocks: 1, revenue: net });
    expect((await onBoard("sites", blog.siteId))?.revenue).toBeGreaterThanOrEqual(net);
    // The creators board names the creator (no publisher profile here: their blog's name) beside the wallet.
    const site = await db().site.findUniqueOrThrow({ where: { id: blog.siteId } });
    expect(await onBoard("creators", site.ownerWallet)).toMatchObject({ name: site.name, revenue: expect.any(Number) });
    // The receipt and the ledger row name the explore card the sale counted toward.
    expect((await db().receipt.findUniqueOrThrow({ where: { paymentId: payment.id } })).contentId).toBe(listing.id);
    expect((await db().ledgerActivity.findFirstOrThrow({ where: { paymentId: payment.id } })).contentId).toBe(listing.id);
    const statsPaid = (await api("/hub/stats")).body.stats;
    expect(statsPaid.unlocks).toBe(statsBefore.unlocks + 1);

    // Three readers' views of the post page (an anonymous browser each time): the card, the ledger's view rows and the stats agree.
    for (let i = 0; i < 3; i++) {
      const page = await blogRequest(blog.domain, post.path, { headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
    }
    await until(async () => (await db().content.findUniqueOrThrow({ where: { id: listing.id } })).views === 3, { what: "the post's views written" });
    expect(await db().ledgerActivity.count({ where: { type: "view", contentId: listing.id } })).toBe(3);
    const statsViewed = (await api("/hub/stats")).body.stats;
    expect(statsViewed.views).toBeGreaterThanOrEqual(statsPaid.views + 3);
    const viewedCard = (await api(`/hub/explore/content?q=${encodeURIComponent("Buoy log")}&limit=10`)).body.content.find((i: any) => i.id === listing.id);
    expect(viewedCard.views).toBe(3);
  });

  it("a share page's readers count as views on the owner's dashboard and in the stats; the owner's own look does not", async () => {
    const sharer = await person();
    const free = await createShare(sharer, { title: "Free note", content: "Open to all.", price: "0" });
    const paid = await createShare(sharer, { title: "Paid note", content: "Behind the paywall.", price: "0.3" });
    const statsBefore = (await api("/hub/stats")).body.stats;
    for (const share of [free, paid, free]) {
      const res = await fetch(`${HUB_URL}/qs/${share.slug}`, { headers: { accept: "text/html" } });
      expect(res.status).toBe(200);
      // Readers see what the status means to them, not the owner's word "active".
      expect(await res.text()).toMatch(/id="qs-status-badge">available</);
    }
    // The owner's own visit (signed in) is not a reader's view.
    const own = await fetch(`${HUB_URL}/qs/${free.slug}`, { headers: { accept: "text/html", cookie: sharer.cookie } });
    expect(own.status).toBe(200);
    await own.text();
    await until(async () => (await db().quickshare.findUniqueOrThrow({ where: { id: free.id } })).viewCount === 2, { what: "the free share's views written" });
    expect((await db().quickshare.findUniqueOrThrow({ where: { id: paid.id } })).viewCount).toBe(1);
    const dash = (await api("/quickshare/dashboard", { cookie: sharer.cookie })).body;
    expect(dash.lifetime.views).toBe(3);
    expect(dash.inRange.views).toBe(3); // the view events behind the daily series
    expect(dash.shares.find((x: any) => x.slug === free.slug)).toMatchObject({ views: 2, rangeViews: 2 });
    const stats = (await api("/hub/stats")).body.stats;
    expect(stats.quickshareViews).toBeGreaterThanOrEqual(statsBefore.quickshareViews + 3);
  });
});

describe("a filtered ledger", () => {
  it("carries the totals of the rows it selects beside the hub's, and none without a filter", async () => {
    await createPost(blog.domain, admin, { title: "Tide table", slug: "tide-table", body: "High water 06:12.", price: "0.1" });
    await buyPost("/article/tide-table", "0.1");
    const rows = await db().ledgerActivity.groupBy({ by: ["type"], where: { domain: blog.domain }, _count: { _all: true } });
    const count = (type: string) => rows.find((r) => r.type === type)?._count._all ?? 0;
    const total = rows.reduce((a, r) => a + r._count._all, 0);
    expect(count("payment")).toBeGreaterThanOrEqual(1);

    const filtered = await api(`/hub/ledger?domain=${blog.domain}&limit=1`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.filteredTotals).toMatchObject({ total, payments: count("payment"), ratings: count("rating") });
    expect(filtered.body.totals.total).toBeGreaterThan(total);

    const byKind = await api(`/hub/ledger?domain=${blog.domain}&type=payments`);
    expect(byKind.body.filteredTotals).toMatchObject({ total: count("payment"), payments: count("payment"), tips: 0 });
    expect(byKind.body.activities).toHaveLength(count("payment"));

    const all = await api("/hub/ledger?limit=1");
    expect(all.body.filteredTotals).toBeNull();
  });
});
