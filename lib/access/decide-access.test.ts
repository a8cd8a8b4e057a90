import { describe, expect, it } from "vitest";
import { decideAccess, type AccessGate, type EntitlementState } from "./decide-access";
import type { Viewer } from "./resolve-viewer";
import { resolveViewer } from "./resolve-viewer";

const W = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
const X = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" as const;
const now = new Date("2026-06-01T00:00:00Z");
const share = (over: Partial<AccessGate> = {}): AccessGate => ({
  status: "active", expiresAt: new Date(now.getTime() + 3_600_000), priceAtomic: 0n, whitelistPriceAtomic: null,
  publicAccess: true, legacyUrl: null, hasBody: true, ...over,
});
const anon: Viewer = { wallet: null, possessed: false, proof: "none", liveProof: null };
const claim: Viewer = { wallet: W, possessed: false, proof: "none", liveProof: null };
const owned: Viewer = { wallet: W, possessed: true, proof: "none", liveProof: null };

type Row = [string, AccessGate | null, Viewer, boolean, EntitlementState, "access" | "unlock" | "media", ReturnType<typeof decideAccess>];
const paid = share({ priceAtomic: 250_000n });
const rows: Row[] = [
  ["unknown", null, anon, false, null, "access", { outcome: "not-found" }],
  ["draft", share({ status: "draft" }), owned, false, "active", "access", { outcome: "not-found" }],
  ["revoked beats everything", share({ status: "revoked" }), owned, true, "active", "access", { outcome: "gone" }],
  ["invalid proof", paid, { ...anon, proof: "invalid" }, false, null, "access", { outcome: "deny", code: "invalid-proof", details: expect.any(String) }],
  ["legacy share", share({ legacyUrl: "https://old.example/x", hasBody: false }), anon, false, null, "access", { outcome: "redirect", url: "https://old.example/x" }],
  ["expired, anonymous", share({ expiresAt: now }), anon, false, null, "access", { outcome: "expired" }],
  ["expired, possessed entitlement persists", share({ expiresAt: now, priceAtomic: 1n }), owned, false, "active", "media", { outcome: "grant", via: "entitlement", entitle: null, issueProof: true }],
  ["banned claim", paid, claim, false, "banned", "access", { outcome: "deny", code: "banned", details: expect.any(String) }],
  ["free public, anonymous", share(), anon, false, null, "access", { outcome: "grant", via: "free", entitle: null, issueProof: false }],
  ["free public, unlock by a proven wallet", share(), owned, false, null, "unlock", { outcome: "grant", via: "free", entitle: "free", issueProof: true }],
  ["free public, unlock by a bare claim", share(), claim, false, null, "unlock", { outcome: "grant", via: "free", entitle: null, issueProof: false }],
  ["paid, anonymous", paid, anon, false, null, "access", { outcome: "charge", amountAtomic: 250_000n, tier: "public" }],
  ["paid, bare claim of an entitled wallet", paid, claim, false, "active", "access", { outcome: "charge", amountAtomic: 250_000n, tier: "public" }],
  ["paid, revoked may buy again", paid, owned, false, "revoked", "access", { outcome: "charge", amountAtomic: 250_000n, tier: "public" }],
  ["paid media without entitlement", paid, owned, false, null, "media", { outcome: "deny", code: "entitlement-required", details: expect.any(String) }],
  ["whitelist tier price", share({ priceAtomic: 500_000n, whitelistPriceAtomic: 100_000n }), claim, true, null, "access", { outcome: "charge", amountAtomic: 100_000n, tier: "whitelist" }],
  ["whitelist price 0 needs possession", share({ priceAtomic: 500_000n, whitelistPriceAtomic: 0n }), claim, true, null, "access", { outcome: "deny", code: "possession-required", details: expect.any(String) }],
  ["whitelist price 0, possessed", share({ priceAtomic: 500_000n, whitelistPriceAtomic: 0n }), owned, true, null, "access", { outcome: "grant", via: "whitelist-free", entitle: "whitelist", issueProof: true }],
  ["whitelist price 0, revoked", share({ priceAtomic: 500_000n, whitelistPriceAtomic: 0n }), owned, true, "revoked", "access", { outcome: "deny", code: "entitlement-revoked", details: expect.any(String) }],
  ["invite-only, not listed", share({ publicAccess: false, priceAtomic: 1n }), owned, false, null, "access", { outcome: "deny", code: "not-invited", details: expect.any(String) }],
  ["invite-only, anonymous", share({ publicAccess: false }), anon, false, null, "access", { outcome: "deny", code: "not-invited", details: expect.any(String) }],
  ["invite-only paid, listed claim pays price", share({ publicAccess: false, priceAtomic: 300_000n }), claim, true, null, "access", { outcome: "charge", amountAtomic: 300_000n, tier: "whitelist" }],
  ["invite-only free, listed and possessed", share({ publicAccess: false }), owned, true, null, "media", { outcome: "grant", via: "whitelist-free", entitle: "whitelist", issueProof: true }],
];

describe("decideAccess", () => {
  it.each(rows)("%s", (_name, s, viewer, whitelisted, entitlement, purpose, expected) => {
    expect(decideAccess({ gate: s, viewer, whitelisted, entitlement, purpose, now, noun: "share" })).toEqual(expected);
  });
});

describe("resolveViewer (rule 3)", () => {
  const valid = { ok: true as const, wallet: W, legacy: false, iat: 1, exp: 2, expired: false };
  it.each([
    ["a bare claim", { claim: W, proof: null, proofCheck: null, sessionWallet: null }, { wallet: W, possessed: false, proof: "none", liveProof: null }],
    ["a claim with a matching session", { claim: W, proof: null, proofCheck: null, sessionWallet: W }, { wallet: W, possessed: true, proof: "none", liveProof: null }],
    ["a claim with another session", { claim: W, proof: null, proofCheck: null, sessionWallet: X }, { wallet: W, possessed: false, proof: "none", liveProof: null }],
    ["a live proof alone", { claim: null, proof: "p", proofCheck: valid, sessionWallet: null }, { wallet: W, possessed: true, proof: "valid", liveProof: "p" }],
    ["an expired proof alone", { claim: null, proof: "p", proofCheck: { ...valid, expired: true }, sessionWallet: null }, { wallet: W, possessed: false, proof: "expired", liveProof: null }],
    ["an expired proof with the session", { claim: null, proof: "p", proofCheck: { ...valid, expired: true }, sessionWallet: W }, { wallet: W, possessed: true, proof: "expired", liveProof: null }],
    ["a claim of X with W's proof", { claim: X, proof: "p", proofCheck: valid, sessionWallet: null }, { wallet: X, possessed: false, proof: "valid", liveProof: null }],
    ["a session alone", { claim: null, proof: null, proofCheck: null, sessionWallet: X }, { wallet: X, possessed: true, proof: "none", liveProof: null }],
    ["a forged proof", { claim: null, proof: "p", proofCheck: { ok: false as const, reason: "bad-mac" as const }, sessionWallet: null }, { wallet: null, possessed: false, proof: "invalid", liveProof: null }],
  ])("%s", (_n, input, expected) => {
    expect(resolveViewer(input as Parameters<typeof resolveViewer>[0])).toEqual(expected);
  });
});
