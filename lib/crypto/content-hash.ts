import { concat, keccak256, stringToBytes, type Hex } from "viem";

/** Versioned prefix of the commitment; a new scheme gets a new prefix. */
export const CONTENT_HASH_PREFIX = "svc-quickshare-content:v1";

/**
 * The integrity commitment of a stored body: keccak-256 over
 * `prefix|ownerWallet|storageRef|plaintext` (UTF-8 text, then the plaintext's raw bytes).
 */
export function contentHash({ owner, storageRef, plaintext }: { owner: string; storageRef: string; plaintext: Uint8Array | string }): Hex {
  const head = stringToBytes(`${CONTENT_HASH_PREFIX}|${owner}|${storageRef}|`);
  const body = typeof plaintext === "string" ? stringToBytes(plaintext) : plaintext;
  return keccak256(concat([head, body]));
}
