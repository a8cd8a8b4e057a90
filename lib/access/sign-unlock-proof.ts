import { createHmac } from "node:crypto";
import { getAddress } from "viem";

/** Fixed prefix of every proof MAC input (domain separation from other HMACs keyed with the secret). */
export const UNLOCK_PROOF_PREFIX = "svc-qs-unlock";
/** A four-part proof is valid for 12 hours from iat. */
export const UNLOCK_PROOF_WINDOW_SECONDS = 12 * 60 * 60;

/** HMAC-SHA256 over the colon-joined parts, base64url. */
export function unlockProofMac(secret: string, parts: Array<string | number>): string {
  return createHmac("sha256", secret).update([UNLOCK_PROOF_PREFIX, ...parts].join(":"), "utf8").digest("base64url");
}

/**
 * An unlock proof bound to (the resource's proofId, wallet): `<wallet>.<iat>.<exp>.<mac>` with a 12-hour window
 * starting at `iat` (Unix seconds), or the legacy `<wallet>.<mac>` form when `iat` is null (tests
 * and migrations only; the hub issues four-part proofs). The MAC covers
 * `svc-qs-unlock:<proofId>:<wallet>[:<iat>:<exp>]` with the wallet EIP-55 checksummed (the prefix
 * keeps its first name for every kind: changing it would void every proof already handed out).
 */
export function signUnlockProof({ secret, proofId, wallet, iat }: { secret: string; proofId: string; wallet: string; iat: number | null }): string {
  const w = getAddress(wallet);
  if (iat === null) return `${w}.${unlockProofMac(secret, [proofId, w])}`;
  const exp = iat + UNLOCK_PROOF_WINDOW_SECONDS;
  return `${w}.${iat}.${exp}.${unlockProofMac(secret, [proofId, w, iat, exp])}`;
}
