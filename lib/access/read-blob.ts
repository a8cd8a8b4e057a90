import "server-only";
import { BlobIntegrityError } from "@/lib/crypto/aes-gcm";
import { decipherRange, rangeInBlob, slices, verifyBlobStream } from "@/lib/crypto/blob-stream";
import { decryptBlob, unwrapBlobKey } from "@/lib/crypto/decrypt-blob";
import { masterKey } from "@/lib/crypto/master-key";
import { ApiError } from "@/lib/http/errors";
import type { BlobHandle } from "@/lib/storage/blob-store";
import { getBlobStore } from "@/lib/storage/get-blob-store";

type StoredBlob = { storageRef: string | null; wrappedKey: string | null; what: string };

const missing = (what: string) => new ApiError("internal", `The stored ${what} is missing`);

function integrityFault(err: unknown, what: string, storageRef: string): unknown {
  if (!(err instanceof BlobIntegrityError)) return err;
  console.error(`[access] ${what} ${storageRef} failed its integrity check: ${err.message}`);
  return new ApiError("internal", `The stored ${what} failed its integrity check`);
}

/**
 * Fetches and decrypts one stored blob. A missing blob, or one that fails its tag check, is a
 * server-side fault (500) and yields no plaintext. For bodies and other small blobs; media streams
 * through openVerifiedBlob.
 */
export async function readBlob({ storageRef, wrappedKey, what }: StoredBlob): Promise<Buffer> {
  if (!storageRef || !wrappedKey) throw missing(what);
  const blob = await getBlobStore().get(storageRef);
  if (!blob) throw missing(what);
  try {
    return decryptBlob({ blob, wrappedKey, masterKey: masterKey() });
  } catch (err) {
    throw integrityFault(err, what, storageRef);
  }
}

export type PlainStream = {
  /** Plaintext length. */
  size: number;
  /** Plaintext bytes start..end inclusive (default: all) as a response body, taken once; the handle closes when it ends or is cancelled. */
  body(range?: { start: number; end: number }): ReadableStream<Uint8Array>;
  /** Releases the stored blob when no body will be taken. */
  close(): Promise<void>;
};

/**
 * Opens a stored blob for streaming: its tag is checked over the whole blob first (a modified blob is
 * a 500 with no plaintext, as readBlob), then `body` deciphers only the bytes asked for, from the same
 * stored version, with a read buffer's worth of memory (lib/crypto/blob-stream.ts).
 */
export async function openVerifiedBlob({ storageRef, wrappedKey, what }: StoredBlob): Promise<PlainStream> {
  if (!storageRef || !wrappedKey) throw missing(what);
  const handle = await getBlobStore().open(storageRef);
  if (!handle) throw missing(what);
  let key: Buffer | undefined;
  try {
    key = unwrapBlobKey({ wrappedKey, masterKey: masterKey() });
    const { iv, size } = await verifyBlobStream(key, handle.read());
    const blobKey = Buffer.from(key);
    return {
      size,
      body: (range = { start: 0, end: size - 1 }) => plainBody(handle, blobKey, iv, range),
      close: () => {
        blobKey.fill(0);
        return handle.close();
      },
    };
  } catch (err) {
    await handle.close().catch(() => {});
    throw integrityFault(err, what, storageRef);
  } finally {
    key?.fill(0);
  }
}

/** Deciphers plaintext start..end of a verified blob as it is read; one stored chunk in flight at a time. */
function plainBody(handle: BlobHandle, key: Buffer, iv: Buffer, { start, end }: { start: number; end: number }): ReadableStream<Uint8Array> {
  const finish = () => {
    key.fill(0);
    return handle.close();
  };
  if (end < start) {
    void finish();
    return new ReadableStream({ start: (c) => c.close() });
  }
  const { storedStart, storedEnd, skip } = rangeInBlob(start, end);
  const decipher = decipherRange(key, iv, start);
  key.fill(0); // the decipher holds its own copy
  const chunks = handle.read({ start: storedStart, end: storedEnd })[Symbol.asyncIterator]();
  let toSkip = skip;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) {
          decipher.final();
          controller.close();
          await finish();
          return;
        }
        for (const part of slices(next.value)) {
          let out = decipher.update(part);
          if (toSkip) {
            const drop = Math.min(toSkip, out.length);
            out = out.subarray(drop);
            toSkip -= drop;
          }
          if (out.length) controller.enqueue(out);
        }
      } catch (err) {
        controller.error(err);
        await finish().catch(() => {});
      }
    },
    async cancel() {
      await chunks.return?.();
      await finish();
    },
  });
}
