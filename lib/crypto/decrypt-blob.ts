import { BlobIntegrityError, openAesGcm } from "./aes-gcm";
import { WRAPPED_KEY_PREFIX } from "./encrypt-blob";
import { isStreamBlob, openStream } from "./stream-blob";

/**
 * The blob's own 32-byte key, unsealed with `masterKey`. Throws BlobIntegrityError when the wrapped
 * key was modified, has an unknown format or is not 32 bytes. The caller wipes it after use.
 */
export function unwrapBlobKey({ wrappedKey, masterKey }: { wrappedKey: string; masterKey: Uint8Array }): Buffer {
  if (!wrappedKey.startsWith(WRAPPED_KEY_PREFIX)) throw new BlobIntegrityError("unknown wrapped-key format");
  const key = openAesGcm(masterKey, Buffer.from(wrappedKey.slice(WRAPPED_KEY_PREFIX.length), "base64url"));
  if (key.length !== 32) {
    key.fill(0);
    throw new BlobIntegrityError("wrapped key is not 32 bytes");
  }
  return key;
}

/**
 * Unwraps the blob's key with `masterKey` and opens the blob, segmented (lib/crypto/stream-blob.ts)
 * or legacy (one GCM message: IV | tag | ciphertext), told apart by the segmented header's magic.
 * Throws BlobIntegrityError (and produces no plaintext) when the blob or the wrapped key was modified,
 * truncated or is too short.
 */
export function decryptBlob({ blob, wrappedKey, masterKey }: { blob: Uint8Array; wrappedKey: string; masterKey: Uint8Array }): Buffer {
  const key = unwrapBlobKey({ wrappedKey, masterKey });
  try {
    return isStreamBlob(blob) ? openStream(key, blob) : openAesGcm(key, blob);
  } finally {
    key.fill(0);
  }
}
