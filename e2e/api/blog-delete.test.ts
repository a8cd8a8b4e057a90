// Deleting a hosted-blog post (DELETE /api/admin/posts/<key>, blog origin, admin only): drafts and
// published posts go for good — every read answers 404 and the encrypted body, media and previews
// leave the blob store — while the payments, receipts and ledger rows of what was sold stay.
import { existsSync } from "node:fs";
import path from "node:path";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogFetch, blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, originOf, upload } from "../support/blog";
import { closeDb, db, person, type Person } from "../support/quickshare";
import { freshPayer, NETWORK, USDC } from "../support/x402";

const blobFile = (ref: string) => path.join(process.env.DATA_DIR!, "blobs", ref);

describe("DELETE /api/admin/posts/<key>", () => {
  let owner: Person;
  let other: Person;
  let blog: { domain: string; siteId: string };
  let admin: string;
  let otherCookie: string;

  beforeAll(async () => {
    [owner, other] = await Promise.all([person(), person()]);
    blog = await createBlog(owner, "del");
    [admin, otherCookie] = await Promise.all([blogSignIn(blog.domain, owner.account), blogSignIn(blog.domain, other.account)]);
  });
  afterAll(async () => {
    await cleanupBlogs();
    await closeDb();
  });

  it("deletes a sold post with its media: reads 404, blobs gone, the payment and its ledger row stay", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#a62" } }).png().toBuffer();
    const ref = await upload(blog.domain, admin, { name: "dune.png", type: "image/png", data: png });
    const post = await createPost(blog.domain, admin, { type: "image", title: "Dune", slug: "dune", body: "Sold, then gone.", price: "0.05", media: [ref] });

    const payer = await freshPayer({ wallet: "1" });
    const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls({ allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "1000000" }] });
    const paid = await wrapFetchWithPayment(blogFetch(), client)(`${originOf(blog.domain)}/api/image/dune`);
    expect(paid.status).toBe(200);
    const payment = await db().payment.findFirstOrThrow({ where: { resourceType: "blogpost", resourceId: post.id } });

    const row = await db().blogPost.findUniqueOrThrow({ where: { id: post.id } });
    const media = await db().media.findMany({ where: { resourceType: "blogpost", resourceId: post.id } });
    const refs = [row.bodyStorageRef!, ...media.flatMap((m) => [m.storageRef, m.previewRef].filter((r): r is string => !!r))];
    expect(refs.length).toBeGreaterThanOrEqual(2);
    for (const r of refs) expect(existsSync(blobFile(r)), r).toBe(true);

    // Only the blog's admin may delete; a signed-in reader and an anonymous request are refused and nothing changes.
    expect((await blogRequest(blog.domain, `/api/admin/posts/${post.id}`, { method: "DELETE", cookie: otherCookie })).status).toBe(403);
    expect((await blogRequest(blog.domain, `/api/admin/posts/${post.id}`, { method: "DELETE" })).status).toBe(401);
    expect(await db().blogPost.count({ where: { id: post.id } })).toBe(1);

    const del = await blogRequest(blog.domain, `/api/admin/posts/dune`, { method: "DELETE", cookie: admin });
    expect(del.status, del.text).toBe(200);
    expect(del.body).toEqual({ success: true, id: post.id, path: "/image/dune", deleted: true });

    for (const p of ["/api/image/dune", "/api/svc/access?path=/image/dune", "/api/blog/posts/dune", "/image/dune", `/api/svc/media/${post.id}/photo?index=0`, `/api/admin/posts/${post.id}`]) {
      expect((await blogRequest(blog.domain, p, { cookie: admin })).status, p).toBe(404);
    }
    expect((await blogRequest(blog.domain, "/svc.json")).body.content.map((c: { id: string }) => c.id)).not.toContain(post.id);
    for (const r of refs) expect(existsSync(blobFile(r)), r).toBe(false);
    expect(await db().media.count({ where: { resourceType: "blogpost", resourceId: post.id } })).toBe(0);
    expect(await db().entitlement.count({ where: { resourceKey: `post:${post.id}` } })).toBe(0);

    // Money records stay.
    expect(await db().payment.findUnique({ where: { id: payment.id }, include: { receipt: true } })).toMatchObject({ id: payment.id, receipt: { paymentId: payment.id } });
    expect(await db().ledgerActivity.count({ where: { paymentId: payment.id } })).toBe(1);

    // A second delete finds nothing.
    const again = await blogRequest(blog.domain, `/api/admin/posts/${post.id}`, { method: "DELETE", cookie: admin });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: "not-found" });
  });

  it("deletes a draft; its slug is free again", async () => {
    const draft = await createPost(blog.domain, admin, { title: "Half written", slug: "half", body: "Not yet.", status: "draft" });
    const del = await blogRequest(blog.domain, `/api/admin/posts/${draft.id}`, { method: "DELETE", cookie: admin });
    expect(del.status).toBe(200);
    expect(await db().blogPost.count({ where: { id: draft.id } })).toBe(0);
    expect((await createPost(blog.domain, admin, { title: "Written", slug: "half", body: "Now." })).slug).toBe("half");
  });

  it("two concurrent deletes: one 200, one 404", async () => {
    const post = await createPost(blog.domain, admin, { title: "Race", slug: "race", body: "Once." });
    const answers = await Promise.all([0, 1].map(() => blogRequest(blog.domain, `/api/admin/posts/${post.id}`, { method: "DELETE", cookie: admin })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
  });
});
