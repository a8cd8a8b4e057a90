import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { BlobIntegrityError, TAG_BYTES } from "./aes-gcm";

/**
 * The segmented blob format (docs/quickshare.md, "Storage"): a streaming AEAD in the STREAM
 * construction that age and Tink's AES-GCM-HKDF streaming AEAD use. The plaintext is cut into
 * segments of 2^k bytes (64 KiB by default), each sealed on its own with AES-256-GCM, so any byte
 * range is read and authenticated by fetching only the segments that hold it.
 *
 *   header  = magic (8) | version (1) | log2 segment size (1) | salt (32) | nonce prefix (7)   = 49 bytes
 *   segment = ciphertext (segment size; the last 0..segment size) | GCM tag (16)
 *   key     = HKDF-SHA256(blob key, salt, "hub blob stream" | header bytes 0..9)
 *   nonce i = nonce prefix (7) | i as u32 big-endian (4) | 1 on the last segment, else 0 (1)
 *
 * Every header byte feeds the key or the nonces, so a modified header fails every segment. The
 * segment's index in the nonce makes reordered or spliced segments fail; the last-segment flag
 * makes a blob cut at a segment boundary fail (its new last segment was sealed as not last), and a
 * blob cut elsewhere fails the cut segment's tag. An empty plaintext is one empty last segment.
 * Legacy blobs (IV | tag | ciphertext, one GCM message) start with 12 random bytes; a legacy blob
 * whose IV happened to begin with the 8-byte magic (a 2^-64 chance) would fail closed, not open.
 */
export const STREAM_MAGIC = Buffer.from([0x89, 0x48, 0x53, 0x41, 0x0d, 0x0a, 0x1a, 0x0a]); // "\x89HSA\r\n\x1a\n"
export const STREAM_VERSION = 1;
export const STREAM_HEADER_BYTES = 49;
export const DEFAULT_SEGMENT_LOG2 = 16;
const SALT_BYTES = 32;
const PREFIX_BYTES = 7;
const MIN_SEGMENT_LOG2 = 12;
const MAX_SEGMENT_LOG2 = 24;
const MAX_SEGMENTS = 2 ** 32;
const INFO = Buffer.from("hub blob stream");

/** True when these leading stored bytes carry the segmented format's magic (else: a legacy blob). */
export function isStreamBlob(head: Uint8Array): boolean {
  return head.length >= STREAM_MAGIC.length && STREAM_MAGIC.equals(head.subarray(0, STREAM_MAGIC.length));
}

/** An opened header: the segment key and the layout of a stored blob of `storedSize` bytes. */
export type StreamBlob = {
  /** The derived segment key (the holder wipes it when done). */
  key: Buffer;
  prefix: Buffer;
  segmentBytes: number;
  /** Plaintext length. */
  size: number;
  /** Number of segments (at least 1). */
  segments: number;
  storedSize: number;
};

function segmentKey(blobKey: Uint8Array, header: Uint8Array): Buffer {
  if (blobKey.length !== 32) throw new RangeError("AES-256-GCM needs a 32-byte key");
  const salt = header.subarray(10, 10 + SALT_BYTES);
  return Buffer.from(hkdfSync("sha256", blobKey, salt, Buffer.concat([INFO, header.subarray(0, 10)]), 32));
}

function nonce(prefix: Uint8Array, index: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  n.set(prefix, 0);
  n.writeUInt32BE(index, PREFIX_BYTES);
  n[11] = last ? 1 : 0;
  return n;
}

/**
 * Seals a plaintext segment by segment; `header` first, then `seal(segment, last)` for each segment in
 * order (every one segmentBytes long except the last). For writers that cannot hold the whole file.
 */
export class StreamSealer {
  readonly header: Buffer;
  readonly segmentBytes: number;
  private readonly key: Buffer;
  private readonly prefix: Buffer;
  private index = 0;
  private done = false;

  constructor(blobKey: Uint8Array, segmentLog2 = DEFAULT_SEGMENT_LOG2) {
    if (segmentLog2 < MIN_SEGMENT_LOG2 || segmentLog2 > MAX_SEGMENT_LOG2) throw new RangeError(`segment size 2^${segmentLog2} is outside 2^${MIN_SEGMENT_LOG2}..2^${MAX_SEGMENT_LOG2}`);
    this.segmentBytes = 2 ** segmentLog2;
    this.header = Buffer.concat([STREAM_MAGIC, Buffer.from([STREAM_VERSION, segmentLog2]), randomBytes(SALT_BYTES), randomBytes(PREFIX_BYTES)]);
    this.prefix = this.header.subarray(10 + SALT_BYTES);
    this.key = segmentKey(blobKey, this.header);
  }

  /** One sealed segment: ciphertext | tag. */
  seal(plaintext: Uint8Array, last: boolean): Buffer {
    if (this.done) throw new Error("the stream is already sealed");
    if (plaintext.length > this.segmentBytes || (!last && plaintext.length !== this.segmentBytes)) throw new RangeError("only the last segment may be shorter than the segment size");
    if (last && plaintext.length === 0 && this.index > 0) throw new RangeError("only an empty plaintext ends in an empty segment");
    if (this.index >= MAX_SEGMENTS) throw new RangeError("too many segments");
    const cipher = createCipheriv("aes-256-gcm", this.key, nonce(this.prefix, this.index++, last));
    const out = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    if (last) {
      this.done = true;
      this.key.fill(0);
    }
    return out;
  }
}

/** Seals a whole plaintext in the segmented format: header | segment 0 | … | last segment. */
export function sealStream(blobKey: Uint8Array, plaintext: Uint8Array, segmentLog2 = DEFAULT_SEGMENT_LOG2): Buffer {
  const sealer = new StreamSealer(blobKey, segmentLog2);
  const seg = sealer.segmentBytes;
  const count = Math.max(1, Math.ceil(plaintext.length / seg));
  const parts: Buffer[] = [sealer.header];
  for (let i = 0; i < count; i++) parts.push(sealer.seal(plaintext.subarray(i * seg, (i + 1) * seg), i === count - 1));
  return Buffer.concat(parts);
}

/**
 * Reads a header and derives the layout of a stored blob of `storedSize` bytes. Throws
 * BlobIntegrityError on a foreign magic, an unknown version or segment size, or a stored length no
 * writer produces. The length is not authenticated yet: openSegment of the last segment does that.
 */
export function openStreamHeader(blobKey: Uint8Array, header: Uint8Array, storedSize: number): StreamBlob {
  if (header.length < STREAM_HEADER_BYTES || !isStreamBlob(header)) throw new BlobIntegrityError("not a segmented blob");
  if (header[8] !== STREAM_VERSION) throw new BlobIntegrityError(`unknown segmented blob version ${header[8]}`);
  const log2 = header[9]!;
  if (log2 < MIN_SEGMENT_LOG2 || log2 > MAX_SEGMENT_LOG2) throw new BlobIntegrityError(`segment size 2^${log2} is not allowed`);
  const segmentBytes = 2 ** log2;
  const { size, segments } = streamLayout(storedSize, segmentBytes);
  const head = header.subarray(0, STREAM_HEADER_BYTES);
  return { key: segmentKey(blobKey, head), prefix: Buffer.from(head.subarray(10 + SALT_BYTES)), segmentBytes, size, segments, storedSize };
}

/** Plaintext length and segment count of a stored blob of `storedSize` bytes; throws on a length no writer produces. */
export function streamLayout(storedSize: number, segmentBytes: number): { size: number; segments: number } {
  const body = storedSize - STREAM_HEADER_BYTES;
  if (body < TAG_BYTES) throw new BlobIntegrityError(`segmented blob of ${storedSize} bytes is shorter than its header and one tag`);
  const stored = segmentBytes + TAG_BYTES;
  const full = Math.floor(body / stored);
  const rem = body % stored;
  if (rem === 0) return { size: full * segmentBytes, segments: full };
  // A remainder is the last, shorter segment: at least a tag, and empty only when it is the only one.
  if (rem < TAG_BYTES || (rem === TAG_BYTES && full > 0)) throw new BlobIntegrityError(`segmented blob of ${storedSize} bytes ends inside a segment's tag`);
  return { size: full * segmentBytes + rem - TAG_BYTES, segments: full + 1 };
}

/** Stored bytes start..end (inclusive) of segment `index`. */
export function segmentSpan(s: StreamBlob, index: number): { start: number; end: number } {
  const start = STREAM_HEADER_BYTES + index * (s.segmentBytes + TAG_BYTES);
  return { start, end: Math.min(start + s.segmentBytes + TAG_BYTES, s.storedSize) - 1 };
}

/**
 * Opens stored segment `index` (ciphertext | tag). The plaintext leaves only after its tag verified;
 * else BlobIntegrityError and the deciphered bytes are wiped.
 */
export function openSegment(s: StreamBlob, index: number, stored: Uint8Array): Buffer {
  const span = segmentSpan(s, index);
  if (index < 0 || index >= s.segments || stored.length !== span.end - span.start + 1) throw new BlobIntegrityError(`segment ${index} has the wrong length`);
  const decipher = createDecipheriv("aes-256-gcm", s.key, nonce(s.prefix, index, index === s.segments - 1));
  decipher.setAuthTag(stored.subarray(stored.length - TAG_BYTES));
  const out = decipher.update(stored.subarray(0, stored.length - TAG_BYTES));
  try {
    decipher.final();
  } catch {
    out.fill(0);
    throw new BlobIntegrityError(`segment ${index} of ${s.segments} failed its tag check: the blob was modified, reordered or truncated, or the key is wrong`);
  }
  return out;
}

/** The stored bytes that hold plaintext start..end (inclusive): whole segments first..last. */
export function storedRange(s: StreamBlob, start: number, end: number): { first: number; last: number; storedStart: number; storedEnd: number } {
  const first = Math.floor(start / s.segmentBytes);
  const last = Math.floor(end / s.segmentBytes);
  return { first, last, storedStart: segmentSpan(s, first).start, storedEnd: segmentSpan(s, last).end };
}

/**
 * Plaintext start..end (inclusive, within 0..size−1) from `chunks`, the stored bytes
 * storedRange(s, start, end).storedStart..storedEnd in any chunking (a chunk may be reused once the
 * next is asked for). Each segment is authenticated before any of its bytes is yielded; stored bytes
 * that end early throw BlobIntegrityError.
 */
export async function* openStreamRange(s: StreamBlob, chunks: AsyncIterable<Uint8Array>, start: number, end: number): AsyncGenerator<Buffer> {
  if (start < 0 || end >= s.size || end < start) throw new RangeError(`range ${start}-${end} is outside 0-${s.size - 1}`);
  const { first, last } = storedRange(s, start, end);
  let index = first;
  let pending: Buffer | undefined; // a segment being assembled across chunks
  let have = 0;
  const emit = (stored: Uint8Array) => {
    const plain = openSegment(s, index, stored);
    const base = index * s.segmentBytes;
    index++;
    return plain.subarray(Math.max(0, start - base), Math.min(plain.length, end - base + 1));
  };
  for await (const chunk of chunks) {
    let off = 0;
    while (off < chunk.length && index <= last) {
      const span = segmentSpan(s, index);
      const want = span.end - span.start + 1;
      if (!have && chunk.length - off >= want) {
        yield emit(chunk.subarray(off, off + want)); // a whole segment in this chunk: no copy
        off += want;
        continue;
      }
      pending ??= Buffer.allocUnsafe(s.segmentBytes + TAG_BYTES);
      const take = Math.min(want - have, chunk.length - off);
      pending.set(chunk.subarray(off, off + take), have);
      have += take;
      off += take;
      if (have === want) {
        have = 0;
        yield emit(pending.subarray(0, want));
      }
    }
    if (off < chunk.length) throw new BlobIntegrityError("more stored bytes than the range's segments");
  }
  if (index <= last) throw new BlobIntegrityError(`the stored bytes ended inside segment ${index} of ${s.segments}`);
}

/** Opens a whole segmented blob held in memory. */
export function openStream(blobKey: Uint8Array, blob: Uint8Array): Buffer {
  const s = openStreamHeader(blobKey, blob, blob.length);
  try {
    const out = Buffer.alloc(s.size);
    try {
      for (let i = 0; i < s.segments; i++) {
        const span = segmentSpan(s, i);
        const plain = openSegment(s, i, blob.subarray(span.start, span.end + 1));
        plain.copy(out, i * s.segmentBytes);
        plain.fill(0);
      }
    } catch (err) {
      out.fill(0); // no plaintext of a blob that failed anywhere
      throw err;
    }
    return out;
  } finally {
    s.key.fill(0);
  }
}
