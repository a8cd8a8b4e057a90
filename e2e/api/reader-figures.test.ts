// What readers and creators see agrees with what happened: the buyer of a hosted post may rate it
// (its sale is recorded against the post, its explore card is the post's listing), and a filtered
// ledger reports the totals of the rows it filters, not the hub's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost } from "../support/blog";
import { api, expectError } from "../support/hub";
import { closeDb, db, person, type Person } from "../support/quickshare";
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
