import { randomBytes } from "node:crypto";
import { sealAesGcm } from "./aes-gcm";
import { sealStream } from "./stream-blob";

/** Version tag of a wrapped key, so the wrapping scheme can change without guessing. */
export const WRAPPED_KEY_PREFIX = "k1.";

export type EncryptedBlob = {
  /** The segmented blob (lib/crypto/stream-blob.ts), ready for the blob store. */
  blob: Buffer;
  /** The blob's own random 256-bit key, sealed with the master key: "k1." + base64url(IV | tag | key). */
  wrappedKey: string;
};

/**
 * Encrypts one body or media file under a fresh random 256-bit key, in 64 KiB authenticated segments
 * (so media streams and seeks segment by segment), and wraps that key with `masterKey`.
 */
export function encryptBlob({ plaintext, masterKey }: { plaintext: Uint8Array; masterKey: Uint8Array }): EncryptedBlob {
  const key = randomBytes(32);
  try {
    const blob = sealStream(key, plaintext);
    const wrappedKey = WRAPPED_KEY_PREFIX + sealAesGcm(masterKey, key).toString("base64url");
    return { blob, wrappedKey };
  } finally {
    key.fill(0);
  }
}
