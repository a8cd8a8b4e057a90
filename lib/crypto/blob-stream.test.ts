import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BlobIntegrityError, openAesGcm, sealAesGcm } from "./aes-gcm";
import { decipherRange, rangeInBlob, verifyBlobStream } from "./blob-stream";

const key = randomBytes(32);

/** The blob in chunks of `size` bytes (the last shorter), as a store would hand them out. */
async function* inChunks(blob: Buffer, size: number) {
  for (let i = 0; i < blob.length; i += size) yield blob.subarray(i, i + size);
}

/** Plaintext start..end through rangeInBlob + decipherRange, fed in chunks of `feed` bytes. */
function readRange(blob: Buffer, iv: Buffer, start: number, end: number, feed = 7): Buffer {
  const { storedStart, storedEnd, skip } = rangeInBlob(start, end);
  const d = decipherRange(key, iv, start);
  const parts: Buffer[] = [];
  const stored = blob.subarray(storedStart, storedEnd + 1);
  for (let i = 0; i < stored.length; i += feed) parts.push(d.update(stored.subarray(i, i + feed)));
  parts.push(d.final());
  return Buffer.concat(parts).subarray(skip);
}

describe("verifyBlobStream: the GCM tag over a blob read in parts", () => {
  it.each([
    [0, 1], [1, 1], [15, 3], [16, 28], [17, 29], [1000, 1], [1000, 27], [70_000, 4096], [1_048_581, 65_536],
  ])("accepts a blob of %i plaintext bytes read %i bytes at a time, and gives its IV and size", async (n, chunk) => {
    const plain = randomBytes(n);
    const blob = sealAesGcm(key, plain);
    const v = await verifyBlobStream(key, inChunks(blob, chunk));
    expect(v.size).toBe(n);
    expect(v.iv.equals(blob.subarray(0, 12))).toBe(true);
  });

  const plain = randomBytes(200_000);
  const tamper: Array<[string, (b: Buffer) => Buffer]> = [
    ["a flipped bit in the middle", (b) => { const c = Buffer.from(b); c[100_000]! ^= 4; return c; }],
    ["a flipped last byte", (b) => { const c = Buffer.from(b); c[c.length - 1]! ^= 1; return c; }],
    ["a flipped tag bit", (b) => { const c = Buffer.from(b); c[12]! ^= 0x80; return c; }],
    ["a flipped IV bit", (b) => { const c = Buffer.from(b); c[0]! ^= 1; return c; }],
    ["a truncated blob", (b) => b.subarray(0, b.length - 1)],
    ["a blob cut at a chunk boundary", (b) => b.subarray(0, 65_536)],
    ["an appended byte", (b) => Buffer.concat([b, Buffer.from([0])])],
    ["two blobs' chunks spliced", (b) => Buffer.concat([b.subarray(0, 65_536), sealAesGcm(key, plain).subarray(65_536)])],
  ];
  it.each(tamper)("refuses %s", async (_name, edit) => {
    await expect(verifyBlobStream(key, inChunks(edit(sealAesGcm(key, plain)), 65_536))).rejects.toThrow(BlobIntegrityError);
  });

  it("refuses the wrong key, and blobs shorter than IV and tag, however they arrive", async () => {
    await expect(verifyBlobStream(randomBytes(32), inChunks(sealAesGcm(key, plain), 65_536))).rejects.toThrow(/authentication tag mismatch/);
    for (const n of [0, 1, 27]) await expect(verifyBlobStream(key, inChunks(randomBytes(n), 5))).rejects.toThrow(/shorter than 28/);
  });

  it("agrees with the whole-blob check on every tampered blob (one verdict for one blob)", async () => {
    for (let i = 0; i < 40; i++) {
      const blob = sealAesGcm(key, randomBytes(i * 37));
      const at = i % blob.length;
      blob[at]! ^= 1 << (i % 8);
      expect(() => openAesGcm(key, blob)).toThrow(BlobIntegrityError);
      await expect(verifyBlobStream(key, inChunks(blob, 1 + i))).rejects.toThrow(BlobIntegrityError);
    }
  });
});

describe("decipherRange: any byte range of a verified blob from its GCM counter", () => {
  const plain = randomBytes(300_007);
  const blob = sealAesGcm(key, plain);
  const iv = blob.subarray(0, 12);

  it.each([
    [0, plain.length - 1], [0, 0], [1, 1], [15, 16], [16, 31], [17, 17], [100, 199],
    [65_535, 65_537], [plain.length - 1, plain.length - 1], [plain.length - 17, plain.length - 1], [123_456, 234_567],
  ])("bytes %i-%i equal the plaintext's", (start, end) => {
    expect(readRange(blob, iv, start, end).equals(plain.subarray(start, end + 1))).toBe(true);
  });

  it("matches the plaintext on 200 random ranges fed in random chunk sizes", () => {
    for (let i = 0; i < 200; i++) {
      const a = Math.floor(Math.random() * plain.length);
      const b = a + Math.floor(Math.random() * (plain.length - a));
      expect(readRange(blob, iv, a, b, 1 + Math.floor(Math.random() * 5000)).equals(plain.subarray(a, b + 1))).toBe(true);
    }
  });

  it("maps a range to whole 16-byte blocks after IV and tag", () => {
    expect(rangeInBlob(0, 9)).toEqual({ storedStart: 28, storedEnd: 37, skip: 0 });
    expect(rangeInBlob(37, 40)).toEqual({ storedStart: 28 + 32, storedEnd: 28 + 40, skip: 5 });
  });
});
