import { createDecipheriv, type Decipher, type DecipherGCM } from "node:crypto";
import { BlobIntegrityError, IV_BYTES, MIN_BLOB_BYTES } from "./aes-gcm";

/**
 * Streaming access to a stored blob (IV | tag | ciphertext, AES-256-GCM) without holding it in
 * memory, for media. Two passes over the stored bytes:
 *
 *  1. `verifyBlobStream` feeds the whole ciphertext through GCM and checks the tag, keeping nothing
 *     (the decrypted bytes of this pass are dropped chunk by chunk and never leave the function);
 *  2. `decipherRange` then deciphers only the bytes asked for with AES-256-CTR from the matching
 *     GCM counter. GCM's ciphertext is CTR mode with the counter block IV ‖ 32-bit block number,
 *     starting at 2 for a 12-byte IV, so any byte range decrypts on its own.
 *
 * So a modified blob still fails before any plaintext is produced (interface: blob layout), yet a
 * 30 MB file streams with a read buffer's worth of memory and a seek costs one verification pass.
 * The caller must make both passes read the same stored version (BlobStore.open: an open local file,
 * or an S3 object's one fetched copy).
 */

// Cipher calls in slices of this size: Node's AES-GCM and AES-CTR run at about twice the speed on
// 64 KiB inputs as on 1 MiB ones here (measured: GCM 1.45 vs 1.17 GB/s, CTR 2.1 vs 1.4 GB/s), since
// each call allocates its output and small outputs reuse heap memory instead of fresh pages.
export const CIPHER_SLICE = 64 * 1024;

/** `buf` in views of at most CIPHER_SLICE bytes (no copies). */
export function* slices(buf: Uint8Array): Generator<Uint8Array> {
  for (let i = 0; i < buf.length; i += CIPHER_SLICE) yield buf.subarray(i, i + CIPHER_SLICE);
}

export type VerifiedBlob = {
  /** The blob's IV, for decipherRange. */
  iv: Buffer;
  /** Plaintext length: the blob's length less IV and tag. */
  size: number;
};

/**
 * Reads the whole blob once and checks its GCM tag. Throws BlobIntegrityError when it is shorter than
 * IV + tag or the tag does not verify (modified, truncated, extended, or the wrong key).
 */
export async function verifyBlobStream(key: Uint8Array, chunks: AsyncIterable<Uint8Array>): Promise<VerifiedBlob> {
  if (key.length !== 32) throw new RangeError("AES-256-GCM needs a 32-byte key");
  const head = Buffer.alloc(MIN_BLOB_BYTES);
  let have = 0;
  let decipher: DecipherGCM | undefined;
  let size = 0;
  for await (const chunk of chunks) {
    let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (have < MIN_BLOB_BYTES) {
      const take = Math.min(MIN_BLOB_BYTES - have, rest.length);
      rest.copy(head, have, 0, take);
      have += take;
      rest = rest.subarray(take);
      if (have < MIN_BLOB_BYTES) continue;
      decipher = createDecipheriv("aes-256-gcm", key, head.subarray(0, IV_BYTES));
      decipher.setAuthTag(head.subarray(IV_BYTES, MIN_BLOB_BYTES));
    }
    for (const part of slices(rest)) decipher!.update(part).fill(0);
    size += rest.length;
  }
  if (!decipher) throw new BlobIntegrityError(`blob of ${have} bytes is shorter than ${MIN_BLOB_BYTES}`);
  try {
    decipher.final();
  } catch {
    throw new BlobIntegrityError("authentication tag mismatch: the blob was modified or the key is wrong");
  }
  return { iv: Buffer.from(head.subarray(0, IV_BYTES)), size };
}

/**
 * The stored bytes that hold plaintext start..end (inclusive), from the start of start's 16-byte
 * block, and how many leading deciphered bytes to drop.
 */
export function rangeInBlob(start: number, end: number): { storedStart: number; storedEnd: number; skip: number } {
  const skip = start % 16;
  return { storedStart: MIN_BLOB_BYTES + start - skip, storedEnd: MIN_BLOB_BYTES + end, skip };
}

/**
 * An AES-256-CTR decipher positioned at plaintext byte `start` of a GCM blob with this IV (feed it the
 * stored bytes from `rangeInBlob(start, end).storedStart` and drop `skip` leading output bytes). Only for a
 * blob that verifyBlobStream accepted: CTR checks nothing.
 */
export function decipherRange(key: Uint8Array, iv: Uint8Array, start: number): Decipher {
  if (iv.length !== IV_BYTES) throw new RangeError(`a GCM blob's IV is ${IV_BYTES} bytes`);
  const counter = Buffer.alloc(16);
  Buffer.from(iv).copy(counter, 0);
  // Block 0 of the plaintext is encrypted with counter 2 (counter 1 masks the tag). GCM caps a message
  // at 2^32 − 2 blocks, so the 32-bit counter never wraps and CTR's 128-bit increment agrees with it.
  counter.writeUInt32BE(2 + Math.floor(start / 16), IV_BYTES);
  return createDecipheriv("aes-256-ctr", key, counter);
}
