import { describe, expect, it } from "vitest";
import { signUnlockProof, unlockProofMac } from "./sign-unlock-proof";
import { verifyUnlockProof } from "./verify-unlock-proof";

const secret = "s".repeat(48);
const shareId = "cmshare0001";
const wallet = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const t0 = 1_800_000_000;
const at = (sec: number) => new Date(sec * 1000);

describe("unlock proofs", () => {
  it("issues <wallet>.<iat>.<exp>.<mac> with a 12-hour window", () => {
    const proof = signUnlockProof({ secret, proofId: shareId, wallet: wallet.toLowerCase(), iat: t0 });
    const [w, iat, exp, mac] = proof.split(".");
    expect(w).toBe(wallet);
    expect(Number(exp) - Number(iat)).toBe(43_200);
    expect(mac).toBe(unlockProofMac(secret, [shareId, wallet, t0, t0 + 43_200]));
    expect(verifyUnlockProof({ proof, proofId: shareId, secret, now: at(t0 + 60) })).toEqual({ ok: true, wallet, legacy: false, iat: t0, exp: t0 + 43_200, expired: false });
  });

  it("reports an authentic proof past exp as expired, and accepts a lowercase wallet", () => {
    const proof = signUnlockProof({ secret, proofId: shareId, wallet, iat: t0 });
    expect(verifyUnlockProof({ proof, proofId: shareId, secret, now: at(t0 + 43_199) })).toMatchObject({ ok: true, expired: false });
    expect(verifyUnlockProof({ proof, proofId: shareId, secret, now: at(t0 + 43_200) })).toMatchObject({ ok: true, expired: true, wallet });
    const lower = proof.replace(wallet, wallet.toLowerCase());
    expect(verifyUnlockProof({ proof: lower, proofId: shareId, secret, now: at(t0) })).toMatchObject({ ok: true, wallet });
  });

  it("verifies the legacy two-part form forever", () => {
    const proof = signUnlockProof({ secret, proofId: shareId, wallet, iat: null });
    expect(proof.split(".")).toHaveLength(2);
    expect(verifyUnlockProof({ proof, proofId: shareId, secret, now: at(t0 + 10 * 365 * 86_400) })).toEqual({ ok: true, wallet, legacy: true, iat: null, exp: null, expired: false });
  });

  const good = signUnlockProof({ secret, proofId: shareId, wallet, iat: t0 });
  const [w, iat, exp, mac] = good.split(".") as [string, string, string, string];
  const other = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
  const cases: Array<[string, string, string]> = [
    ["an edited exp", [w, iat, String(Number(exp) + 3600), mac].join("."), "bad-mac"],
    ["an edited iat", [w, String(Number(iat) + 3600), exp, mac].join("."), "bad-mac"],
    ["both claims moved together", [w, String(Number(iat) + 3600), String(Number(exp) + 3600), mac].join("."), "bad-mac"],
    ["another wallet", [other, iat, exp, mac].join("."), "bad-mac"],
    ["an edited MAC", [w, iat, exp, flip(mac)].join("."), "bad-mac"],
    ["a truncated MAC", [w, iat, exp, mac.slice(0, 42)].join("."), "malformed"],
    ["a legacy form carrying the four-part MAC", [w, mac].join("."), "bad-mac"],
    ["three parts", [w, iat, mac].join("."), "malformed"],
    ["a non-address wallet", ["0x1234", iat, exp, mac].join("."), "malformed"],
    ["a non-integer claim", [w, "1e9", exp, mac].join("."), "malformed"],
    ["an empty string", "", "malformed"],
  ];
  it.each(cases)("refuses %s", (_name, proof, reason) => {
    expect(verifyUnlockProof({ proof, proofId: shareId, secret, now: at(t0 + 1) })).toEqual({ ok: false, reason });
  });

  it("refuses a proof for another share, or under another secret", () => {
    expect(verifyUnlockProof({ proof: good, proofId: "cmshare0002", secret, now: at(t0) })).toEqual({ ok: false, reason: "bad-mac" });
    expect(verifyUnlockProof({ proof: good, proofId: shareId, secret: "t".repeat(48), now: at(t0) })).toEqual({ ok: false, reason: "bad-mac" });
  });

  it("refuses an authentic proof whose window is not 12 hours or that starts in the future", () => {
    const long = `${wallet}.${t0}.${t0 + 86_400}.${unlockProofMac(secret, [shareId, wallet, t0, t0 + 86_400])}`;
    expect(verifyUnlockProof({ proof: long, proofId: shareId, secret, now: at(t0) })).toEqual({ ok: false, reason: "bad-window" });
    const future = signUnlockProof({ secret, proofId: shareId, wallet, iat: t0 + 3600 });
    expect(verifyUnlockProof({ proof: future, proofId: shareId, secret, now: at(t0) })).toEqual({ ok: false, reason: "bad-window" });
  });
});
