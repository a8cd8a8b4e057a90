import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BlobIntegrityError } from "./aes-gcm";
import {
  openSegment, openStream, openStreamHeader, openStreamRange, sealStream, segmentSpan, STREAM_HEADER_BYTES, StreamSealer, storedRange, streamLayout,
} from "./stream-blob";

const key = randomBytes(32);
// 4 KiB segments (the smallest allowed) keep the edge cases small; the default is 64 KiB.
const LOG2 = 12;
const SEG = 4096;

async function* inChunks(buf: Uint8Array, size: number) {
  // A reused chunk buffer, as the stores hand them out: the reader must be done with a chunk before the next.
  const scratch = Buffer.alloc(size);
  for (let i = 0; i < buf.length; i += size) {
    const n = Math.min(size, buf.length - i);
    scratch.set(buf.subarray(i, i + n));
    yield scratch.subarray(0, n);
  }
}

/** Plaintext start..end of `blob` the way the server reads it: the stored span of its segments, in chunks. */
async function readRange(blob: Buffer, start: number, end: number, chunk = 1000): Promise<Buffer> {
  const s = openStreamHeader(key, blob, blob.length);
  const { storedStart, storedEnd } = storedRange(s, start, end);
  const parts: Buffer[] = [];
  for await (const p of openStreamRange(s, inChunks(blob.subarray(storedStart, storedEnd + 1), chunk), start, end)) parts.push(Buffer.from(p));
  return Buffer.concat(parts);
}

describe("segmented blobs: layout and round trip", () => {
  it.each([
    ["empty", 0, 1],
    ["one byte", 1, 1],
    ["one segment less a byte", SEG - 1, 1],
    ["exactly one segment", SEG, 1],
    ["one segment and a byte", SEG + 1, 2],
    ["exactly three segments", 3 * SEG, 3],
    ["three segments and a bit", 3 * SEG + 17, 4],
  ])("%s (%i bytes): %i segment(s), stored size header + plaintext + 16 per segment, round trips", (_name, n, segments) => {
    const plain = randomBytes(n);
    const blob = sealStream(key, plain, LOG2);
    expect(blob.length).toBe(STREAM_HEADER_BYTES + n + 16 * segments);
    expect(streamLayout(blob.length, SEG)).toEqual({ size: n, segments });
    expect(openStream(key, blob).equals(plain)).toBe(true);
  });

  it("uses 64 KiB segments by default and a sealer that writes segment by segment gives an equivalent blob", () => {
    const plain = randomBytes(200_000);
    const blob = sealStream(key, plain);
    expect(blob[9]).toBe(16);
    expect(streamLayout(blob.length, 65_536)).toEqual({ size: 200_000, segments: 4 });
    const sealer = new StreamSealer(key, LOG2);
    const parts = [sealer.header];
    for (let i = 0; i < plain.length; i += SEG) parts.push(sealer.seal(plain.subarray(i, i + SEG), i + SEG >= plain.length));
    expect(openStream(key, Buffer.concat(parts)).equals(plain)).toBe(true);
    expect(() => sealer.seal(Buffer.alloc(1), true)).toThrow(/already sealed/);
    expect(() => new StreamSealer(key, LOG2).seal(Buffer.alloc(SEG - 1), false)).toThrow(/only the last segment/);
  });

  it.each([STREAM_HEADER_BYTES - 1, STREAM_HEADER_BYTES + 15, STREAM_HEADER_BYTES + SEG + 16 + 16, STREAM_HEADER_BYTES + SEG + 16 + 5])(
    "refuses a stored length of %i bytes that no writer produces",
    (n) => expect(() => streamLayout(n, SEG)).toThrow(BlobIntegrityError),
  );
});

describe("segmented blobs: every range boundary", () => {
  const n = 5 * SEG + 123; // six segments, the last short
  const plain = randomBytes(n);
  const blob = sealStream(key, plain, LOG2);
  const edges = [0, 1, SEG - 1, SEG, SEG + 1, 2 * SEG - 1, 2 * SEG, 5 * SEG - 1, 5 * SEG, 5 * SEG + 1, n - 2, n - 1];
  const pairs = edges.flatMap((a) => edges.filter((b) => b >= a).map((b) => [a, b] as const));

  it(`gives the plaintext's bytes for all ${pairs.length} ranges between segment edges, in chunks of 1, 777 and 3 segments`, async () => {
    for (const chunk of [1, 777, 3 * (SEG + 16)]) {
      for (const [a, b] of pairs) expect((await readRange(blob, a, b, chunk)).equals(plain.subarray(a, b + 1)), `${a}-${b} by ${chunk}`).toBe(true);
    }
  });

  it("reads only the segments a range needs", () => {
    const s = openStreamHeader(key, blob, blob.length);
    expect(storedRange(s, SEG + 5, 2 * SEG + 1)).toEqual({ first: 1, last: 2, storedStart: STREAM_HEADER_BYTES + SEG + 16, storedEnd: STREAM_HEADER_BYTES + 3 * (SEG + 16) - 1 });
    expect(segmentSpan(s, 5)).toEqual({ start: STREAM_HEADER_BYTES + 5 * (SEG + 16), end: blob.length - 1 });
  });

  it("exactly N segments: the last full segment is the last (no empty one after it), every range reads", async () => {
    const full = randomBytes(4 * SEG);
    const b = sealStream(key, full, LOG2);
    const s = openStreamHeader(key, b, b.length);
    expect(s.segments).toBe(4);
    for (const [x, y] of [[0, 4 * SEG - 1], [3 * SEG, 4 * SEG - 1], [4 * SEG - 1, 4 * SEG - 1], [SEG - 1, 3 * SEG]] as const) {
      expect((await readRange(b, x, y)).equals(full.subarray(x, y + 1))).toBe(true);
    }
  });

  it("matches the plaintext on 300 random ranges in random chunk sizes, 64 KiB segments", async () => {
    const big = randomBytes(700_001);
    const b = sealStream(key, big);
    const s = openStreamHeader(key, b, b.length);
    for (let i = 0; i < 300; i++) {
      const x = Math.floor(Math.random() * big.length);
      const y = x + Math.floor(Math.random() * Math.min(200_000, big.length - x));
      const { storedStart, storedEnd } = storedRange(s, x, y);
      const parts: Buffer[] = [];
      for await (const p of openStreamRange(s, inChunks(b.subarray(storedStart, storedEnd + 1), 1 + Math.floor(Math.random() * 100_000)), x, y)) parts.push(Buffer.from(p));
      expect(Buffer.concat(parts).equals(big.subarray(x, y + 1))).toBe(true);
    }
  });

  it("refuses a range outside the plaintext (an empty file has none)", async () => {
    const empty = sealStream(key, Buffer.alloc(0), LOG2);
    const s = openStreamHeader(key, empty, empty.length);
    expect(s).toMatchObject({ size: 0, segments: 1 });
    expect(openSegment(s, 0, empty.subarray(STREAM_HEADER_BYTES)).length).toBe(0);
    await expect(readRange(empty, 0, 0)).rejects.toThrow(RangeError);
    await expect(readRange(blob, n - 1, n)).rejects.toThrow(RangeError);
  });
});

describe("segmented blobs: tampering, reordering and truncation", () => {
  const n = 4 * SEG + 100; // five segments
  const plain = randomBytes(n);
  const seg = (i: number) => STREAM_HEADER_BYTES + i * (SEG + 16);
  const flip = (at: (b: Buffer) => number) => (b: Buffer) => { const c = Buffer.from(b); c[at(c)]! ^= 1; return c; };
  const swap = (b: Buffer) => Buffer.concat([b.subarray(0, seg(1)), b.subarray(seg(2), seg(3)), b.subarray(seg(1), seg(2)), b.subarray(seg(3))]);
  const cases: Array<[string, (b: Buffer) => Buffer]> = [
    ["a flipped ciphertext bit in segment 2", flip(() => seg(2) + 10)],
    ["a flipped tag bit of the last segment", flip((c) => c.length - 1)],
    ["a flipped version byte", flip(() => 8)],
    ["a flipped segment-size byte", flip(() => 9)],
    ["a flipped salt bit", flip(() => 30)],
    ["a flipped nonce-prefix bit", flip(() => 45)],
    ["segments 1 and 2 swapped", swap],
    ["the last segment dropped (cut at a segment boundary)", (b) => b.subarray(0, seg(4))],
    ["the last two segments dropped", (b) => b.subarray(0, seg(3))],
    ["one byte cut off the end", (b) => b.subarray(0, b.length - 1)],
    ["a byte appended", (b) => Buffer.concat([b, Buffer.from([0])])],
    ["a segment appended from the same blob", (b) => Buffer.concat([b, b.subarray(seg(0), seg(1))])],
    ["segment 1 taken from another blob of the same key", (b) => { const o = sealStream(key, plain, LOG2); return Buffer.concat([b.subarray(0, seg(1)), o.subarray(seg(1), seg(2)), b.subarray(seg(2))]); }],
  ];

  it.each(cases)("refuses %s: the whole read fails with no plaintext", (_name, edit) => {
    const bad = edit(sealStream(key, plain, LOG2));
    let out: Buffer | undefined;
    expect(() => { out = openStream(key, bad); }).toThrow(BlobIntegrityError);
    expect(out).toBeUndefined();
  });

  it("a range read fails at the segment that was modified, after yielding only verified segments before it", async () => {
    const bad = flip(() => seg(2) + 10)(sealStream(key, plain, LOG2));
    const s = openStreamHeader(key, bad, bad.length);
    const got: Buffer[] = [];
    await expect((async () => {
      for await (const p of openStreamRange(s, inChunks(bad.subarray(STREAM_HEADER_BYTES), 999), 0, n - 1)) got.push(Buffer.from(p));
    })()).rejects.toThrow(/segment 2 of 5 failed its tag check/);
    expect(Buffer.concat(got).equals(plain.subarray(0, 2 * SEG))).toBe(true);
  });

  it("a truncated blob is never complete: its new last segment fails as last, and a range whose stored bytes end early fails", async () => {
    const blob = sealStream(key, plain, LOG2);
    const cut = blob.subarray(0, seg(3)); // three whole segments: a valid length
    const s = openStreamHeader(key, cut, cut.length);
    expect(s.segments).toBe(3);
    const last = segmentSpan(s, 2);
    expect(() => openSegment(s, 2, cut.subarray(last.start, last.end + 1))).toThrow(BlobIntegrityError);
    const whole = openStreamHeader(key, blob, blob.length);
    const short = async () => { for await (const _ of openStreamRange(whole, inChunks(blob.subarray(seg(0), seg(3)), 500), 0, n - 1)) void _; };
    await expect(short()).rejects.toThrow(/ended inside segment 3/);
  });

  it("refuses the wrong key, and a legacy blob handed to the segmented reader", () => {
    const blob = sealStream(key, plain, LOG2);
    expect(() => openStream(randomBytes(32), blob)).toThrow(BlobIntegrityError);
    expect(() => openStreamHeader(key, randomBytes(100), 100)).toThrow(/not a segmented blob/);
  });
});
