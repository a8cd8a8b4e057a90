// Both gated kinds go through the one engine: each adapter only describes its resource (the engine's
// pure decision run on the adapter's own gate gives the rules' answers, in the kind's own words), and
// every read path of each kind reaches lib/access — no copy of the decision, the payment step or the
// proof checks lives in lib/quickshare or lib/blog, and neither imports the other.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BlogContext } from "@/lib/blog/blog-context";
import type { PostRow } from "@/lib/blog/find-post";
import { postAccess } from "@/lib/blog/post-access";
import type { ShareRow } from "@/lib/quickshare/find-share";
import { shareAccess } from "@/lib/quickshare/share-access";
import { decideAccess } from "./decide-access";
import type { Viewer } from "./resolve-viewer";
import type { AccessAdapter } from "./types";

const root = path.join(import.meta.dirname, "..", "..");
const W = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
const now = new Date("2026-06-01T00:00:00Z");
const anon: Viewer = { wallet: null, possessed: false, proof: "none", liveProof: null };
const claim: Viewer = { wallet: W, possessed: false, proof: "none", liveProof: null };
const owned: Viewer = { wallet: W, possessed: true, proof: "none", liveProof: null };

const share = (over: Partial<ShareRow> = {}) =>
  ({
    id: "cmshare1", slug: "Abc12345", status: "active", expiresAt: new Date(now.getTime() + 3_600_000), priceAtomic: 250_000n,
    whitelistPriceAtomic: null, publicAccess: true, legacyUrl: null, bodyStorageRef: "ref", currency: "USDC", ownerWallet: W, title: "t", ...over,
  }) as ShareRow;
const post = (over: Partial<PostRow> = {}) =>
  ({ id: "cmpost1", slug: "tide", type: "article", status: "published", priceAtomic: 250_000n, whitelistPriceAtomic: null, publicAccess: true, bodyStorageRef: "ref", currency: "USDC", ...over }) as PostRow;
const blog = { site: { id: "site1", domain: "b.localhost", ownerWallet: W, feeWallet: null }, origin: "http://b.localhost:3000", session: null, admin: false } as unknown as BlogContext;

function decide<R extends { id: string }>(adapter: AccessAdapter<R, unknown>, r: R, viewer: Viewer, o: { whitelisted?: boolean; entitlement?: "active" | "revoked" | "banned" | null; purpose?: "access" | "media" } = {}) {
  return decideAccess({ gate: adapter.gate(r), viewer, whitelisted: o.whitelisted ?? false, entitlement: o.entitlement ?? null, purpose: o.purpose ?? "access", now, noun: adapter.noun });
}

describe("the share adapter describes a share for the engine", () => {
  it("keys its entitlements and proofs by the share id, calls it a share, 404s in its own words", () => {
    const s = share();
    expect(shareAccess.noun).toBe("share");
    expect(shareAccess.entitlementKey(s)).toBe("qs:cmshare1");
    expect(shareAccess.proofId(s)).toBe("cmshare1");
    expect(shareAccess.notFound("x")).toBe("No published share with this slug");
    expect(shareAccess.paidResource(s, 100n)).toMatchObject({ kind: "quickshare", id: "cmshare1", price: 100n, ledger: { actor: null, contentUrl: null } });
  });

  it("expires, revokes, redirects legacy shares and has a whitelist tier", () => {
    expect(decide(shareAccess, share({ expiresAt: new Date(now.getTime() - 1) }), anon)).toEqual({ outcome: "expired" });
    expect(decide(shareAccess, share({ status: "revoked" }), anon)).toEqual({ outcome: "gone" });
    expect(decide(shareAccess, share({ bodyStorageRef: null, legacyUrl: "https://old.example/1" }), anon)).toEqual({ outcome: "redirect", url: "https://old.example/1" });
    expect(decide(shareAccess, share({ whitelistPriceAtomic: 50_000n }), claim, { whitelisted: true })).toEqual({ outcome: "charge", amountAtomic: 50_000n, tier: "whitelist" });
    expect(decide(shareAccess, share(), owned, { entitlement: "banned" })).toEqual({ outcome: "deny", code: "banned", details: "This wallet is banned from this share" });
  });
});

describe("the post adapter describes a blog post for the engine", () => {
  const posts = postAccess(blog);
  it("keys its entitlements and proofs by post:<id>, calls it a post, 404s in its own words", () => {
    const p = post();
    expect(posts.noun).toBe("post");
    expect(posts.entitlementKey(p)).toBe("post:cmpost1");
    expect(posts.proofId(p)).toBe("post:cmpost1");
    expect(posts.notFound("/article/nope")).toBe("No published post at /article/nope");
    expect(posts.paidResource(p, 100n)).toMatchObject({ kind: "blogpost", id: "cmpost1", price: 100n, siteId: "site1", url: "http://b.localhost:3000/api/svc/access?path=%2Farticle%2Ftide" });
  });

  it("never expires, drafts are 404, a whitelist price when set; denials name the post", () => {
    expect(decide(posts, post({ status: "draft" }), anon)).toEqual({ outcome: "not-found" });
    expect(decide(posts, post(), anon)).toEqual({ outcome: "charge", amountAtomic: 250_000n, tier: "public" });
    expect(decide(posts, post(), claim, { whitelisted: true })).toEqual({ outcome: "charge", amountAtomic: 250_000n, tier: "public" });
    expect(decide(posts, post({ whitelistPriceAtomic: 100_000n }), claim, { whitelisted: true })).toEqual({ outcome: "charge", amountAtomic: 100_000n, tier: "whitelist" });
    expect(decide(posts, post({ whitelistPriceAtomic: 100_000n }), claim)).toEqual({ outcome: "charge", amountAtomic: 250_000n, tier: "public" });
    expect(decide(posts, post(), owned, { entitlement: "banned" })).toEqual({ outcome: "deny", code: "banned", details: "This wallet is banned from this post" });
    expect(decide(posts, post({ publicAccess: false }), claim)).toEqual({ outcome: "deny", code: "not-invited", details: "This post is invite-only and this wallet is not on its list" });
    expect(decide(posts, post({ priceAtomic: 0n, publicAccess: false }), owned, { whitelisted: true })).toEqual({ outcome: "grant", via: "whitelist-free", entitle: "whitelist", issueProof: true });
  });
});

function files(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    return statSync(path.join(root, rel)).isDirectory() ? files(rel) : /\.tsx?$/.test(name) ? [rel] : [];
  });
}
const source = (rel: string) => readFileSync(path.join(root, rel), "utf8");

describe.each([
  { kind: "share", lib: "lib/quickshare", other: "lib/blog", adapter: "shareAccess", routes: ["app/quickshare/[slug]/access/route.ts", "app/quickshare/[slug]/unlock/route.ts", "lib/quickshare/share-page-route.ts", "app/quickshare/[slug]/media/[kind]/route.ts", "lib/quickshare/quote-share.ts", "lib/quickshare/share-page-data.ts"] },
  { kind: "post", lib: "lib/blog", other: "lib/quickshare", adapter: "postAccess(", routes: ["app/sb/[host]/api/svc/access/route.ts", "app/sb/[host]/api/[type]/[slug]/route.ts", "app/sb/[host]/api/svc/media/[postId]/[kind]/route.ts", "lib/blog/quote-post.ts", "lib/blog/post-page-data.ts"] },
])("every $kind read goes through the engine", ({ lib, other, adapter, routes }) => {
  it("each read path (access, unlock, agent routing of /qs, media, quote, page) calls lib/access with the adapter", () => {
    for (const file of routes) {
      const text = source(file);
      expect(text, file).toMatch(/@\/lib\/access\/(access-resource|serve-media|load-access|quote-resource|view-resource)"/);
      expect(text, file).toContain(adapter);
    }
  });

  it("no copy of the engine's steps, no reading of credential headers, no import of the other kind", () => {
    for (const file of files(lib)) {
      const text = source(file);
      expect(text, file).not.toMatch(/from "@\/lib\/(x402\/verify-and-record-payment|x402\/check-authorization|x402\/payment-required)"/);
      expect(text, file).not.toMatch(/decideAccess\(|verifyUnlockProof\(|signUnlockProof\(|claimedPayer\(|activateEntitlement\(/);
      expect(text, file).not.toMatch(/headers\.(get|has)\(\s*["'`](payment|x-payment|x-svc-)/i);
      expect(text, file).not.toContain(`@/${other}/`);
    }
  });
});
