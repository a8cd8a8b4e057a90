// One lock order for every writer (docs/decisions.md): the writers that lock several rows of the same
// tables run together on the same rows and every one of them commits. Each round runs two flushes of
// post views over all of a blog's posts in different orders (two workers flushing at once), a paid
// unlock of every post (recordPaidUnlock, as the money path records one) and the reputation refresh.
// On PostgreSQL a flush that held the site's daily metric row while waiting for a listing deadlocked
// with a paid unlock that held the listing and waited for the metric row ("deadlock detected"); SQLite
// has one writer and holds either way. Afterwards every counter equals its rows.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writePostViews } from "../../lib/blog/post-views";
import { NETWORKS } from "../../lib/chain/networks";
import { recountCounters } from "../../lib/counters/recount-counters";
import { db as hubDb } from "../../lib/db";
import { env } from "../../lib/env";
import { refreshContentScores } from "../../lib/reputation/refresh-content-scores";
import { recordPaidUnlock } from "../../lib/x402/record-paid-unlock";
import { blogSignIn, cleanupBlogs, createBlog, createPost } from "../support/blog";
import { testDb } from "../support/db";
import { person } from "../support/quickshare";
import { eventually } from "../support/x402";

const POSTS = 6;
const ROUNDS = 12;
const db = testDb();

let blog: { domain: string; siteId: string };
let posts: Array<{ id: string; listingId: string }>;
let owner: `0x${string}`;

beforeAll(async () => {
  const who = await person();
  owner = who.account.address;
  blog = await createBlog(who, "lock");
  const cookie = await blogSignIn(blog.domain, who.account);
  posts = [];
  for (let i = 0; i < POSTS; i++) {
    const post = await createPost(blog.domain, cookie, { title: `Lock order ${i}` });
    const listing = await db.content.findFirstOrThrow({ where: { siteId: blog.siteId, externalId: `post:${post.id}` }, select: { id: true } });
    posts.push({ id: post.id, listingId: listing.id });
  }
});
afterAll(cleanupBlogs);

const shuffled = <T>(items: T[]) => items.map((item) => ({ item, r: Math.random() })).sort((a, b) => a.r - b.r).map(({ item }) => item);

/** A paid unlock of one post recorded as the money path records one: a Payment, then everything recordPaidUnlock writes. */
function unlock(post: { id: string; listingId: string }) {
  const hex = (n: number) => `0x${randomBytes(n).toString("hex")}` as const;
  return hubDb.$transaction(async (tx) => {
    const payment = await tx.payment.create({
      data: {
        network: env.NETWORK_MODE, chainId: NETWORKS[env.NETWORK_MODE].chainId, rail: "transfer", status: "settled",
        resourceType: "blogpost", resourceId: post.id, siteId: blog.siteId, payer: hex(20), payTo: owner, recipient: owner,
        amountAtomic: 1_000n, txHash: hex(32),
      },
    });
    await recordPaidUnlock(tx, {
      payment,
      resource: { kind: "blogpost", id: post.id, url: `https://${blog.domain}/p/${post.id}`, price: 1_000n, payTo: owner, recipient: owner, feeBps: 0, siteId: blog.siteId, contentId: post.listingId },
    });
  });
}

describe("one lock order", () => {
  it("lets views flushes, paid unlocks and the score refresh on the same rows all commit, and the counters follow", async () => {
    const before = await db.content.findMany({ where: { id: { in: posts.map((p) => p.listingId) } }, select: { id: true, views: true, unlocks: true } });
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const now = new Date();
      const flush = () => writePostViews(shuffled(posts).map((p) => ({ key: p.id, item: { siteId: blog.siteId, postId: p.id }, count: 1 })), now);
      const results = await Promise.allSettled([flush(), ...shuffled(posts).map(unlock), flush(), refreshContentScores()]);
      for (const r of results) if (r.status === "rejected") failures.push(String((r.reason as Error)?.message ?? r.reason).split("\n").slice(-2).join(" "));
    }
    expect(failures).toEqual([]);

    const after = new Map((await db.content.findMany({ where: { id: { in: posts.map((p) => p.listingId) } }, select: { id: true, views: true, unlocks: true } })).map((c) => [c.id, c]));
    for (const b of before) expect(after.get(b.id)).toMatchObject({ views: b.views + 2 * ROUNDS, unlocks: b.unlocks + ROUNDS });
    const metric = await db.dailyMetric.findMany({ where: { siteId: blog.siteId, contentId: "" } });
    expect(metric.reduce((n, m) => n + m.unlocks, 0)).toBe(POSTS * ROUNDS);
    expect(metric.reduce((n, m) => n + m.views, 0)).toBe(2 * POSTS * ROUNDS);
    await eventually(async () => (await recountCounters()).length === 0 || null, { what: "counters equal to a recount" });
  });
});
