import { timingSafeEqual } from "node:crypto";
import { getAddress, isAddress, type Address } from "viem";
import { UNLOCK_PROOF_WINDOW_SECONDS, unlockProofMac } from "./sign-unlock-proof";

export type UnlockProofCheck =
  | { ok: true; wallet: Address; legacy: boolean; iat: number | null; exp: number | null; expired: boolean }
  | { ok: false; reason: "malformed" | "bad-mac" | "bad-window" };

// Clock skew tolerated between app instances for a proof issued "in the future".
const SKEW_SECONDS = 300;
const INT = /^(0|[1-9]\d{0,11})$/;

function macEquals(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "base64url");
  const b = Buffer.from(given, "base64url");
  // Compare fixed-length buffers only; the length of a MAC is public.
  return a.length === b.length && timingSafeEqual(a, b) && b.toString("base64url") === given;
}

/**
 * Checks an unlock proof for one resource (its adapter's proofId) in constant time. A four-part proof carries its own 12-hour
 * window: an authentic proof past `exp` comes back with `expired: true` (the wallet is known, but
 * the proof no longer shows possession). The legacy two-part form never expires.
 */
export function verifyUnlockProof({ proof, proofId, secret, now = new Date() }: { proof: string; proofId: string; secret: string; now?: Date }): UnlockProofCheck {
  const parts = proof.trim().split(".");
  if (parts.length !== 2 && parts.length !== 4) return { ok: false, reason: "malformed" };
  const [rawWallet, ...rest] = parts as [string, ...string[]];
  if (!isAddress(rawWallet, { strict: false })) return { ok: false, reason: "malformed" };
  const wallet = getAddress(rawWallet);
  const mac = rest.at(-1)!;
  if (!/^[A-Za-z0-9_-]{43}$/.test(mac)) return { ok: false, reason: "malformed" };

  if (rest.length === 1) {
    if (!macEquals(unlockProofMac(secret, [proofId, wallet]), mac)) return { ok: false, reason: "bad-mac" };
    return { ok: true, wallet, legacy: true, iat: null, exp: null, expired: false };
  }

  const [iatText, expText] = rest as [string, string, string];
  if (!INT.test(iatText) || !INT.test(expText)) return { ok: false, reason: "malformed" };
  const iat = Number(iatText);
  const exp = Number(expText);
  if (!macEquals(unlockProofMac(secret, [proofId, wallet, iat, exp]), mac)) return { ok: false, reason: "bad-mac" };
  const nowSec = Math.floor(now.getTime() / 1000);
  if (exp - iat !== UNLOCK_PROOF_WINDOW_SECONDS || iat > nowSec + SKEW_SECONDS) return { ok: false, reason: "bad-window" };
  return { ok: true, wallet, legacy: false, iat, exp, expired: nowSec >= exp };
}
