// A hosted blog's public posts are explore content: publishing lists a post (its URL the post page on
// the blog's origin, where it is read and paid), unpublishing, making it invite-only or deleting it
// unlists it; the hub's /hub/pay sells it as the blog does (the post's own 402). The editor's data:
// admin post views carry views, unlocks and revenue, ?include=body returns the body, and a whitelist
// price is what a whitelisted wallet is charged.
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogFetch, blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, originOf } from "../support/blog";
import { api } from "../support/hub";
import { closeDb, person, type Person } from "../support/quickshare";
import { freshPayer, NETWORK, USDC } from "../support/x402";

async function listed(siteDomain: string) {
  const res = await api(`/hub/explore/content?limit=100&q=${encodeURIComponent(siteDomain)}`);
  expect(res.status).toBe(200);
  return res.body.content as Array<{ id: string; title: string; url: string; price: number; accessPolicy: string; contentType: string; websiteDomain: string }>;
}

describe("hosted blog posts in explore", () => {
  let owner: Person;
  let blog: { domain: string; siteId: string; origin: string };
  let admin: string;

  beforeAll(async () => {
    owner = await person();
    blog = await createBlog(owner, "list");
    admin = await blogSignIn(blog.domain, owner.account);
  });
  afterAll(async () => {
    await cleanupBlogs();
    await closeDb();
  });

  it("lists a published public post with the blog's URL, and unlists it when unpublished, invite-only or deleted", async () => {
    const origin = originOf(blog.domain);
    await createPost(blog.domain, admin, { title: "Kelp forests", slug: "kelp", body: "Draft first.", price: "0.07", status: "draft", summary: "Under the surface." });
    expect(await listed(blog.domain)).toEqual([]);

    const pub = await blogRequest(blog.domain, "/api/admin/posts/kelp/publish", { method: "POST", cookie: admin });
    expect(pub.status, pub.text).toBe(200);
    const [card, ...more] = await listed(blog.domain);
    expect(more).toEqual([]);
    expect(card).toMatchObject({ title: "Kelp forests", url: `${origin}/article/kelp`, price: 0.07, accessPolicy: "paid", contentType: "article", websiteDomain: blog.domain });
    // The card's link is the post page, which a browser can open.
    expect((await blogRequest(blog.domain, "/article/kelp", { headers: { accept: "text/html" } })).status).toBe(200);

    // A free post is listed as free; editing the title follows.
    await createPost(blog.domain, admin, { title: "Tide table", slug: "tides", body: "06:12", price: "0" });
    const edit = await blogRequest(blog.domain, "/api/admin/posts/tides", { method: "PUT", cookie: admin, json: { title: "Tide table (updated)" } });
    expect(edit.status, edit.text).toBe(200);
    expect((await listed(blog.domain)).find((c) => c.url.endsWith("/article/tides"))).toMatchObject({ title: "Tide table (updated)", price: 0, accessPolicy: "free" });

    // The hub sells a listed post by its card's URL with the blog's own challenge (the post's access URL is the resource).
    const pay = await api("/hub/pay", { json: { url: `${origin}/article/kelp` } });
    expect(pay.status).toBe(402);
    expect(pay.body.resource.url).toBe(`${origin}/api/svc/access?path=%2Farticle%2Fkelp`);

    // Invite-only: unlisted; public again: listed again.
    const invite = await blogRequest(blog.domain, "/api/svc/posts/kelp/access-control", { method: "PUT", cookie: admin, json: { publicAccess: false } });
    expect(invite.status, invite.text).toBe(200);
    expect((await listed(blog.domain)).map((c) => c.url)).toEqual([`${origin}/article/tides`]);
    await blogRequest(blog.domain, "/api/svc/posts/kelp/access-control", { method: "PUT", cookie: admin, json: { publicAccess: true } });
    expect((await listed(blog.domain)).map((c) => c.url).sort()).toEqual([`${origin}/article/kelp`, `${origin}/article/tides`]);

    // Unpublished and deleted: gone from explore.
    expect((await blogRequest(blog.domain, "/api/admin/posts/kelp/unpublish", { method: "POST", cookie: admin })).status).toBe(200);
    expect((await blogRequest(blog.domain, "/api/admin/posts/tides", { method: "DELETE", cookie: admin })).status).toBe(200);
    expect(await listed(blog.domain)).toEqual([]);
  });

  it("gives the editor its data: the body on request, views (readers only), unlocks and revenue, and charges the whitelist price to the whitelist", async () => {
    const reader = await freshPayer({ wallet: "1" });
    const listedReader = await freshPayer({ wallet: "1" });
    const post = await createPost(blog.domain, admin, {
      title: "Sounding the bar", slug: "bar", body: "## Depths\n\nTwo fathoms at low water.", price: "0.3", whitelist: [listedReader.address], whitelistPrice: "0.1",
    });
    expect(post).toMatchObject({ price: "0.3", whitelistPrice: "0.1", views: 0, unlocks: 0, revenue: 0 });

    const withBody = await blogRequest(blog.domain, "/api/admin/posts/bar?include=body", { cookie: admin });
    expect(withBody.status).toBe(200);
    expect(withBody.body.post.body).toBe("## Depths\n\nTwo fathoms at low water.");
    expect((await blogRequest(blog.domain, "/api/admin/posts/bar", { cookie: admin })).body.post.body).toBeUndefined();
    expect((await blogRequest(blog.domain, "/api/admin/posts/bar?include=everything", { cookie: admin })).status).toBe(400);

    // Two reader page views count; the admin's own does not.
    await blogRequest(blog.domain, "/article/bar", { headers: { accept: "text/html" } });
    await blogRequest(blog.domain, "/article/bar", { headers: { accept: "text/html" } });
    await blogRequest(blog.domain, "/article/bar", { headers: { accept: "text/html" }, cookie: admin });

    const pay = (account: typeof reader) =>
      wrapFetchWithPayment(blogFetch(), new x402Client().register(NETWORK, new ExactEvmScheme(account)).setSpendControls({ allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "1000000" }] }));
    // The whitelisted wallet is quoted and charged the whitelist price; anyone else the price.
    const paidListed = await pay(listedReader)(`${originOf(blog.domain)}/api/article/bar?wallet=${listedReader.address}`);
    expect(paidListed.status).toBe(200);
    const paidOther = await pay(reader)(`${originOf(blog.domain)}/api/article/bar`);
    expect(paidOther.status).toBe(200);

    await expect.poll(async () => (await blogRequest(blog.domain, "/api/admin/posts", { cookie: admin })).body.posts.find((p: { id: string }) => p.id === post.id), { timeout: 10_000 })
      .toMatchObject({ views: 2, unlocks: 2, revenue: 0.4 });
  });
});
