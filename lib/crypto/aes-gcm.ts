import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** Blob layout: 12-byte IV, then the 16-byte GCM tag, then the ciphertext. */
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
export const MIN_BLOB_BYTES = IV_BYTES + TAG_BYTES;

/** A blob that is too short, or whose tag does not verify (modified, or the wrong key). */
export class BlobIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BlobIntegrityError";
  }
}

/** AES-256-GCM with a fresh random IV; returns IV | tag | ciphertext. */
export function sealAesGcm(key: Uint8Array, plaintext: Uint8Array): Buffer {
  if (key.length !== 32) throw new RangeError("AES-256-GCM needs a 32-byte key");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
}

/**
 * Opens IV | tag | ciphertext. The plaintext is handed out only after the tag verified: on a
 * modified blob this throws BlobIntegrityError and the decrypted bytes are wiped, never returned.
 */
export function openAesGcm(key: Uint8Array, blob: Uint8Array): Buffer {
  if (key.length !== 32) throw new RangeError("AES-256-GCM needs a 32-byte key");
  if (blob.length < MIN_BLOB_BYTES) throw new BlobIntegrityError(`blob of ${blob.length} bytes is shorter than ${MIN_BLOB_BYTES}`);
  const decipher = createDecipheriv("aes-256-gcm", key, blob.subarray(0, IV_BYTES));
  decipher.setAuthTag(blob.subarray(IV_BYTES, MIN_BLOB_BYTES));
  const out = decipher.update(blob.subarray(MIN_BLOB_BYTES));
  try {
    decipher.final();
  } catch {
    out.fill(0);
    throw new BlobIntegrityError("authentication tag mismatch: the blob was modified or the key is wrong");
  }
  return out;
}
