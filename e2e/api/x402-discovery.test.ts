// Discovery: every paid 402 (hub content, a share, a blog post) declares the x402 v2 `bazaar`
// extension, checked with the package's own validator; the OpenAPI document is served where x402
// indexers look (/openapi.json, /.well-known/openapi.json) and marks every paid operation with
// x-payment-info.
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { validateDiscoveryExtension, type DiscoveryExtension } from "@x402/extensions/bazaar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost } from "../support/blog";
import { api } from "../support/hub";
import { closeDb, createShare, person } from "../support/quickshare";
import { pay } from "../support/x402";

function bazaarOf(headers: Headers): DiscoveryExtension {
  const challenge = decodePaymentRequiredHeader(headers.get("payment-required")!);
  const ext = challenge.extensions?.bazaar as DiscoveryExtension | undefined;
  if (!ext) throw new Error(`no bazaar in ${JSON.stringify(challenge.extensions)}`);
  return ext;
}

describe("x402 discovery", () => {
  let blog: { domain: string };
  let admin: string;
  let owner: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    owner = await person();
    blog = await createBlog(owner, "disc");
    admin = await blogSignIn(blog.domain, owner.account);
  });
  afterAll(async () => {
    await cleanupBlogs();
    await closeDb();
  });

  it("a /hub/pay 402 declares bazaar: a JSON POST with the content id and the receipt's schema; the package's validator accepts it", async () => {
    const res = await pay({ contentId: "liner-notes" });
    expect(res.status).toBe(402);
    const ext = bazaarOf(res.headers);
    expect(validateDiscoveryExtension(ext)).toEqual({ valid: true });
    expect(JSON.stringify(ext)).not.toContain("$ref");
    expect(ext.info.input).toMatchObject({ type: "http", method: "POST", bodyType: "json", body: { contentId: expect.any(String) } });
    expect(JSON.stringify(ext.info.output)).toContain("payment");
    expect(res.body.extensions?.bazaar).toEqual(ext);
    // The example receipt shows the real price (essay-slow-software costs 0.05, liner-notes 0.01).
    const exampleAmount = (e: typeof ext) => (e.info.output?.example as { payment: { amount: number } }).payment.amount;
    expect(exampleAmount(ext)).toBe(0.01);
    expect(exampleAmount(bazaarOf((await pay({ contentId: "essay-slow-software" })).headers))).toBe(0.05);
  });

  it("a share's and a post's 402 declare bazaar as GET routes with the grant's schema", async () => {
    const share = await createShare(owner, { title: "Discoverable", content: "Found by indexers.", price: "0.03" });
    const shareRes = await api(`/quickshare/${share.slug}/access`);
    expect(shareRes.status).toBe(402);
    const s = bazaarOf(shareRes.headers);
    expect(validateDiscoveryExtension(s)).toEqual({ valid: true });
    expect(s.info.input).toMatchObject({ type: "http", method: "GET" });

    const slug = `disc-${Date.now().toString(36)}`;
    await createPost(blog.domain, admin, { title: "Discoverable post", slug, body: "Indexed.", price: "0.04" });
    const postRes = await blogRequest(blog.domain, `/api/article/${slug}`);
    expect(postRes.status).toBe(402);
    const p = bazaarOf(postRes.headers);
    expect(validateDiscoveryExtension(p)).toEqual({ valid: true });
    expect(p.info.input).toMatchObject({ type: "http", method: "GET" });
    expect(JSON.stringify(p.info.output)).toContain("unlockProof");
    // The grant's integers (media sizes, indexes) keep their type, without zod's safe-range bounds.
    for (const text of [JSON.stringify(s), JSON.stringify(p)]) {
      expect(text).toContain('"type":"integer"');
      expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    }
  });

  it("the OpenAPI document answers at /openapi.json and /.well-known/openapi.json too; paid operations carry x-payment-info", async () => {
    const [a, b, c] = await Promise.all([api("/api/openapi.json"), api("/openapi.json"), api("/.well-known/openapi.json")]);
    for (const r of [a, b, c]) expect(r.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    const pay = a.body.paths["/hub/pay"].post;
    expect(pay.operationId).toBe("postHubPay");
    expect(pay["x-payment-info"]).toMatchObject({ price: { mode: "dynamic", currency: "USD" }, protocols: [{ x402: { version: 2 } }] });
    expect(pay.parameters.map((p: { name: string }) => p.name)).toContain("sign-in-with-x");
    expect(a.body.paths["/quickshare/{slug}/access"].get["x-payment-info"]).toBeDefined();
    expect(a.body.paths["/hub/explore/content"].get["x-payment-info"]).toBeUndefined();
  });
});
