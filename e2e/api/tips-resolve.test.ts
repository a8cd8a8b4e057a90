import { randomBytes } from "node:crypto";
import { getAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { predictFeeWallet } from "../../lib/chain/predict";
import { api, expectError, HUB_URL } from "../support/hub";
import { createSite, removeFixtures, testDb, trackShare, uniqueDomain } from "../support/tips";

afterAll(removeFixtures);

const randomWallet = () => privateKeyToAccount(generatePrivateKey()).address;
const resolve = (url: string) => api(`/hub/resolve?url=${encodeURIComponent(url)}`);

describe("GET /hub/resolve", () => {
  it("resolves the per-article recipient first, else the verified domain owner, and says which", async () => {
    const owner = randomWallet();
    const author = randomWallet();
    const domain = uniqueDomain("resolve");
    const site = await createSite({ domain, owner });
    const content = await testDb.content.create({
      data: { network: "testnet", siteId: site.id, externalId: "guest-post", url: `https://${domain}/article/guest-post`, path: "/article/guest-post", recipientWallet: author },
    });

    const article = await resolve(`https://${domain}/article/guest-post`);
    expect(article.status).toBe(200);
    expect(article.body).toMatchObject({
      success: true, resolved: true, wallet: author, source: "content", domain, siteId: site.id, contentId: content.id,
      hosted: false, payTo: author, feeBps: 100, next: "settle",
    });
    // Same page with a query, a fragment, another case of host and a www. prefix.
    const variant = await resolve(`https://WWW.${domain.toUpperCase()}/article/guest-post?ref=x#top`);
    expect(variant.body).toMatchObject({ resolved: true, source: "content", wallet: author });

    const other = await resolve(`https://${domain}/article/another`);
    expect(other.body).toMatchObject({ resolved: true, source: "site", wallet: owner, contentId: null, payTo: owner, next: "settle" });
  });

  it("leaves unverified and removed sites and unknown domains unresolved (the tip is held)", async () => {
    const unverified = await createSite({ domain: uniqueDomain("unverified"), owner: randomWallet(), verified: false });
    const removed = await createSite({ domain: uniqueDomain("removed"), owner: randomWallet(), removed: true });
    for (const domain of [unverified.domain, removed.domain, uniqueDomain("unknown")]) {
      const res = await resolve(`https://${domain}/post`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, resolved: false, wallet: null, source: null, domain, payTo: null, next: "hold" });
      expect(res.body.reason).toContain(domain);
    }
  });

  it("pays a hosted site's fee wallet", async () => {
    const owner = randomWallet();
    const hosted = await createSite({ domain: uniqueDomain("hosted"), owner, hosted: true });
    const res = await resolve(`https://${hosted.domain}/p/1`);
    const feeWallet = predictFeeWallet({ factory: getAddress(process.env.FEE_WALLET_FACTORY_ADDRESS!), creator: owner });
    expect(res.body).toMatchObject({ resolved: true, source: "site", wallet: owner, hosted: true, payTo: feeWallet, feeBps: 100 });
  });

  it("resolves a quickshare link on this hub to the share's owner; an unknown share is not tippable", async () => {
    const owner = randomWallet();
    const slug = base58Slug();
    const share = await testDb.quickshare.create({ data: { slug, network: "testnet", ownerWallet: owner, title: "Private notes", expiresAt: new Date(Date.now() + 86_400_000) } });
    trackShare(share.id);
    const res = await resolve(`${HUB_URL}/qs/${slug}`);
    expect(res.body).toMatchObject({ resolved: true, source: "quickshare", wallet: owner, hosted: true, next: "settle" });
    const unknown = await resolve(`${HUB_URL}/qs/${base58Slug()}`);
    expect(unknown.body).toMatchObject({ resolved: false, wallet: null, next: "none" });
  });

  const bad: Array<[string, string]> = [
    ["no url", "/hub/resolve"],
    ["an empty url", "/hub/resolve?url="],
    ["a relative url", "/hub/resolve?url=/article/x"],
    ["a non-http scheme", `/hub/resolve?url=${encodeURIComponent("ftp://quiet-letters.example/x")}`],
  ];
  it.each(bad)("answers 400 for %s", async (_name, path) => {
    expect(expectError(await api(path), 400, "invalid-request").details).toContain("url");
  });
});

function base58Slug() {
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  return [...randomBytes(8)].map((b) => alphabet[b % 58]).join("");
}
