import "server-only";
import { BlobIntegrityError } from "@/lib/crypto/aes-gcm";
import { decipherRange, rangeInBlob, slices, verifyBlobStream } from "@/lib/crypto/blob-stream";
import { decryptBlob, unwrapBlobKey } from "@/lib/crypto/decrypt-blob";
import { masterKey } from "@/lib/crypto/master-key";
import { isStreamBlob, openSegment, openStreamHeader, openStreamRange, segmentSpan, STREAM_HEADER_BYTES, storedRange, type StreamBlob } from "@/lib/crypto/stream-blob";
import { ApiError } from "@/lib/http/errors";
import { BlobChangedError, type BlobHandle } from "@/lib/storage/blob-store";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { forgetVerifiedHeader, rememberVerifiedHeader, verifiedHeader, verifiedVersion } from "./verified-headers";

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
  /**
   * Plaintext bytes start..end inclusive (default: all) as a response body, taken once; the handle
   * closes when it ends or is cancelled. It resolves once the first bytes are verified, so a range
   * that starts in a modified segment fails here (a 500), not after the answer began.
   */
  body(range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array>>;
  /** Releases the stored blob when no body will be taken. */
  close(): Promise<void>;
};

/**
 * Opens a stored blob for streaming. A segmented blob (lib/crypto/stream-blob.ts): its header is read
 * and its last segment authenticated first, so the size in the answer's headers is the real one and
 * a truncated blob is a 500 before any byte (the header of a stored version that passed this is
 * remembered, lib/access/verified-headers.ts, so the next request for that same version skips both
 * reads; another version is checked afresh; with `trustSeen`, the default, the store is asked to open
 * that remembered version without a round trip of its own, and a body whose version is gone rejects
 * with BlobChangedError: open again with `trustSeen: false`); then `body` fetches and opens only the
 * segments of the asked range, each verified before any of its bytes leaves. A legacy blob (one GCM message): its tag
 * is checked over the whole blob first, then `body` deciphers only the asked bytes of the same stored
 * version (lib/crypto/blob-stream.ts). Either way a modified blob yields no unverified plaintext.
 */
export async function openVerifiedBlob({ storageRef, wrappedKey, what }: StoredBlob, { trustSeen = true }: { trustSeen?: boolean } = {}): Promise<PlainStream> {
  if (!storageRef || !wrappedKey) throw missing(what);
  const seen = trustSeen ? verifiedVersion({ storageRef, wrappedKey }) : undefined;
  const handle = await getBlobStore().open(storageRef, seen === undefined ? undefined : { version: seen });
  if (!handle) throw missing(what);
  let key: Buffer | undefined;
  try {
    key = unwrapBlobKey({ wrappedKey, masterKey: masterKey() });
    const stored = { storageRef, wrappedKey, version: handle.version };
    const known = verifiedHeader(stored);
    if (known) return await openSegmented(handle, key, known, what, { storageRef, wrappedKey });
    const header = await readBytes(handle, 0, Math.min(STREAM_HEADER_BYTES, handle.size) - 1);
    if (isStreamBlob(header)) {
      const opened = await openSegmented(handle, key, header, what, { storageRef, wrappedKey }, true);
      rememberVerifiedHeader({ ...stored, header });
      return opened;
    }
    const { iv, size } = await verifyBlobStream(key, handle.read());
    const blobKey = Buffer.from(key);
    return {
      size,
      body: async (range = { start: 0, end: size - 1 }) => plainBody(handle, blobKey, iv, range),
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

/**
 * A segmented blob's stream; `checkLast`: authenticate its last segment first (not needed for a
 * remembered version). A body whose first read finds the stored version gone (a handle opened on a
 * remembered version, BlobStore.open's `seen`) forgets that version and rejects with BlobChangedError;
 * the caller opens again with `trustSeen: false`.
 */
async function openSegmented(handle: BlobHandle, key: Buffer, header: Buffer, what: string, stored: { storageRef: string; wrappedKey: string }, checkLast = false): Promise<PlainStream> {
  const { storageRef } = stored;
  const blob = openStreamHeader(key, header, handle.size);
  if (checkLast) {
    try {
      // The last segment opens only as the last: the stored length (hence the size) is the written one.
      const last = segmentSpan(blob, blob.segments - 1);
      openSegment(blob, blob.segments - 1, await readBytes(handle, last.start, last.end)).fill(0);
    } catch (err) {
      blob.key.fill(0);
      throw err;
    }
  }
  const close = () => {
    blob.key.fill(0);
    return handle.close();
  };
  return {
    size: blob.size,
    body: async (range = { start: 0, end: blob.size - 1 }) => {
      try {
        return await segmentedBody(handle, blob, range, close, `${what} ${storageRef}`);
      } catch (err) {
        await close().catch(() => {});
        if (err instanceof BlobChangedError) forgetVerifiedHeader(stored);
        throw integrityFault(err, what, storageRef);
      }
    },
    close,
  };
}

/** The bytes start..end of a handle, copied out (a handle's chunks may be reused). */
async function readBytes(handle: BlobHandle, start: number, end: number): Promise<Buffer> {
  const out = Buffer.alloc(Math.max(0, end - start + 1));
  let at = 0;
  for await (const chunk of handle.read({ start, end })) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * Plaintext start..end of a segmented blob as a response body, one verified segment per piece. The
 * first segment is opened before the body is handed out (its failure is the caller's 500); a later
 * segment that fails its check ends the body with an error, so the client sees a broken transfer,
 * never a complete one.
 */
async function segmentedBody(handle: BlobHandle, blob: StreamBlob, { start, end }: { start: number; end: number }, close: () => Promise<void>, name: string): Promise<ReadableStream<Uint8Array>> {
  if (end < start) {
    await close();
    return new ReadableStream({ start: (c) => c.close() });
  }
  const { storedStart, storedEnd } = storedRange(blob, start, end);
  const plain = openStreamRange(blob, handle.read({ start: storedStart, end: storedEnd }), start, end);
  let first: IteratorResult<Buffer> | undefined = await plain.next();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = first ?? (await plain.next());
        first = undefined;
        if (next.done) {
          controller.close();
          await close();
          return;
        }
        controller.enqueue(next.value);
      } catch (err) {
        if (err instanceof BlobIntegrityError) console.error(`[access] ${name} failed its integrity check while streaming: ${err.message}`);
        controller.error(err);
        await close().catch(() => {});
      }
    },
    async cancel() {
      await plain.return(undefined);
      await close();
    },
  });
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
