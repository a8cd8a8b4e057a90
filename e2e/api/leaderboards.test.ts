import { afterAll, describe, expect, it } from "vitest";
import { api, expectError } from "../support/hub";
import { blogSignIn, blogRequest, cleanupBlogs, createBlog, createPost } from "../support/blog";
import { testDb } from "../support/db";
import { person } from "../support/quickshare";

afterAll(cleanupBlogs);

describe("GET /hub/reputation/leaderboards", () => {
  it("ranks content by reputation and moves an item up when its figures grow", async () => {
    const db = testDb();
    const before = await api("/hub/reputation/leaderboards?type=content&limit=50");
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ success: true, type: "content", limit: 50, skip: 0 });
    expect(before.body.total).toBeGreaterThanOrEqual(8);
    const scores = before.body.items.map((i: any) => i.reputationScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);

    const last = before.body.items.at(-1);
    await db.content.update({ where: { id: last.id }, data: { ratingsCount: { increment: 20 }, ratingSum: { increment: 20 * 48 }, unlocks: { increment: 30 } } });
    const after = await api("/hub/reputation/leaderboards?type=content&limit=50");
    expect(after.body.items[0]).toMatchObject({ id: last.id, rank: 1, ratings: last.ratings + 20, reputationStars: expect.any(Number) });
    expect(after.body.items[0].reputationScore).toBeGreaterThan(last.reputationScore);

    const sites = await api("/hub/reputation/leaderboards?type=sites");
    expect(sites.body.items[0]).toMatchObject({ kind: "site", rank: 1, websiteId: after.body.items[0].websiteId });
    const creators = await api("/hub/reputation/leaderboards");
    expect(creators.body.type).toBe("creators");
    const owner = await db.site.findUniqueOrThrow({ where: { id: after.body.items[0].websiteId } });
    expect(creators.body.items[0]).toMatchObject({ kind: "creator", rank: 1, wallet: owner.ownerWallet });
  });

  it("ranks only content of verified, live sites, and counts exactly those", async () => {
    const db = testDb();
    const tag = `lb${Date.now().toString(36)}`;
    const hidden = [
      await db.site.create({ data: { domain: `${tag}-unverified.example`, ownerWallet: "0x000000000000000000000000000000000000dEaD", verifyToken: `${tag}-a` } }),
      await db.site.create({ data: { domain: `${tag}-removed.example`, ownerWallet: "0x000000000000000000000000000000000000dEaD", verifyToken: `${tag}-b`, verified: true, removedAt: new Date() } }),
    ];
    try {
      for (const site of hidden) {
        // Figures that would put it first on any board.
        await db.content.create({ data: { network: "testnet", siteId: site.id, externalId: `${tag}-${site.id}`, title: `${tag} star`, url: `https://${site.domain}/star`, priceAtomic: 10_000n, ratingsCount: 500, ratingSum: 500 * 50, unlocks: 100_000, views: 1_000_000, revenueAtomic: 10n ** 12n } });
      }
      const board = await api("/hub/reputation/leaderboards?type=content&limit=50");
      expect(board.status).toBe(200);
      expect(board.body.items.map((i: any) => i.title)).not.toContain(`${tag} star`);
      expect(board.body.total).toBe(await db.content.count({ where: { network: "testnet", site: { verified: true, removedAt: null } } }));
    } finally {
      await db.content.deleteMany({ where: { siteId: { in: hidden.map((s) => s.id) } } });
      await db.site.deleteMany({ where: { id: { in: hidden.map((s) => s.id) } } });
    }
  });

  it("keeps a site's sums in step with its content: an item added, a figure grown, a blog post's listing removed", async () => {
    // The sites and creators boards read stored per-site sums (SiteFigures), refreshed from Content.
    const owner = await person();
    const blog = await createBlog(owner, "lbsum");
    const admin = await blogSignIn(blog.domain, owner.account);
    const find = async (type: string, match: (item: any) => boolean) => {
      for (let skip = 0; ; skip += 50) {
        const page = await api(`/hub/reputation/leaderboards?type=${type}&limit=50&skip=${skip}`);
        expect(page.status).toBe(200);
        const hit = page.body.items.find(match);
        if (hit || skip + 50 >= page.body.total) return hit;
      }
    };
    const siteRow = () => find("sites", (i) => i.websiteId === blog.siteId);
    const creatorRow = () => find("creators", (i) => i.wallet === owner.address);
    expect(await siteRow()).toMatchObject({ contentCount: 0, unlocks: 0, views: 0 });

    const post = await createPost(blog.domain, admin, { title: "Listed", price: "0.05" }); // published and public: listed in explore
    await createPost(blog.domain, admin, { title: "Also listed", price: "0.10" });
    expect(await siteRow()).toMatchObject({ contentCount: 2, unlocks: 0 });
    // The creator's name: the site's name (or domain) until the owner has a username, then the username.
    const site = await testDb().site.findUniqueOrThrow({ where: { id: blog.siteId } });
    expect(await creatorRow()).toMatchObject({ contentCount: 2, sites: 1, username: null, name: site.name || site.domain });
    const username = `lb${Date.now().toString(36)}`;
    await testDb().publisherProfile.upsert({ where: { ownerWallet: owner.address }, create: { ownerWallet: owner.address, username }, update: { username } });
    expect(await creatorRow()).toMatchObject({ contentCount: 2, sites: 1, username, name: username });

    await testDb().content.updateMany({ where: { siteId: blog.siteId }, data: { unlocks: { increment: 7 }, views: { increment: 11 }, revenueAtomic: { increment: 70_000n } } });
    expect(await siteRow()).toMatchObject({ contentCount: 2, unlocks: 14, views: 22, revenue: 0.14 });

    expect((await blogRequest(blog.domain, `/api/admin/posts/${post.id}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    expect(await siteRow()).toMatchObject({ contentCount: 1, unlocks: 7, views: 11, revenue: 0.07 });
    expect(await creatorRow()).toMatchObject({ contentCount: 1, unlocks: 7 });
  });

  it("pages", async () => {
    const all = (await api("/hub/reputation/leaderboards?type=content&limit=50")).body.items.map((i: any) => i.id);
    const second = await api("/hub/reputation/leaderboards?type=content&limit=3&skip=3");
    expect(second.body.items.map((i: any) => i.id)).toEqual(all.slice(3, 6));
    expect(second.body.items[0].rank).toBe(4);
  });

  it.each([["limit=51", "limit"], ["limit=0", "limit"], ["type=wallets", "type"], ["skip=-2", "skip"]])("answers 400 for %s", async (q, field) => {
    expect(expectError(await api(`/hub/reputation/leaderboards?${q}`), 400, "invalid-request").details).toContain(field);
  });
});
