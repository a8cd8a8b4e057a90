import { randomBytes } from "node:crypto";
import { keccak256, stringToBytes } from "viem";
import { describe, expect, it } from "vitest";
import { BlobIntegrityError, MIN_BLOB_BYTES, openAesGcm, sealAesGcm } from "./aes-gcm";
import { contentHash } from "./content-hash";
import { decryptBlob } from "./decrypt-blob";
import { encryptBlob, WRAPPED_KEY_PREFIX } from "./encrypt-blob";
import { STREAM_HEADER_BYTES, STREAM_MAGIC } from "./stream-blob";

const masterKey = randomBytes(32);
const text = Buffer.from("The tide pool at dawn — a private note. ✓", "utf8");

describe("encryptBlob / decryptBlob", () => {
  it("round-trips in the segmented layout: header (49) | ciphertext | tag (16)", () => {
    const { blob, wrappedKey } = encryptBlob({ plaintext: text, masterKey });
    expect(blob.length).toBe(STREAM_HEADER_BYTES + text.length + 16);
    expect(blob.subarray(0, 8).equals(STREAM_MAGIC)).toBe(true);
    expect(blob.includes(text)).toBe(false);
    expect(wrappedKey).toMatch(/^k1\.[A-Za-z0-9_-]+$/);
    expect(Buffer.from(wrappedKey.slice(3), "base64url").length).toBe(12 + 16 + 32);
    expect(decryptBlob({ blob, wrappedKey, masterKey }).equals(text)).toBe(true);
  });

  it("uses a fresh key, salt and nonce prefix per blob", () => {
    const a = encryptBlob({ plaintext: text, masterKey });
    const b = encryptBlob({ plaintext: text, masterKey });
    expect(a.wrappedKey).not.toBe(b.wrappedKey);
    expect(a.blob.subarray(10, STREAM_HEADER_BYTES).equals(b.blob.subarray(10, STREAM_HEADER_BYTES))).toBe(false);
    // Each blob opens only with its own key.
    expect(() => decryptBlob({ blob: a.blob, wrappedKey: b.wrappedKey, masterKey })).toThrow(BlobIntegrityError);
  });

  it("round-trips an empty plaintext (a header and one empty last segment)", () => {
    const { blob, wrappedKey } = encryptBlob({ plaintext: new Uint8Array(0), masterKey });
    expect(blob.length).toBe(STREAM_HEADER_BYTES + 16);
    expect(decryptBlob({ blob, wrappedKey, masterKey }).length).toBe(0);
  });

  it("still opens legacy blobs (one GCM message: IV | tag | ciphertext), empty ones too, and refuses them modified", () => {
    for (const plain of [text, randomBytes(200_000), Buffer.alloc(0)]) {
      const key = randomBytes(32);
      const blob = sealAesGcm(key, plain);
      expect(blob.length).toBe(MIN_BLOB_BYTES + plain.length);
      const wrappedKey = WRAPPED_KEY_PREFIX + sealAesGcm(masterKey, key).toString("base64url");
      expect(decryptBlob({ blob, wrappedKey, masterKey }).equals(plain)).toBe(true);
      blob[blob.length - 1]! ^= 1;
      expect(() => decryptBlob({ blob, wrappedKey, masterKey })).toThrow(BlobIntegrityError);
    }
  });

  const tamper: Array<[string, (b: Buffer) => Buffer]> = [
    ["a flipped ciphertext bit", (b) => { const c = Buffer.from(b); c[c.length - 1]! ^= 1; return c; }],
    ["a flipped tag bit", (b) => { const c = Buffer.from(b); c[c.length - 3]! ^= 0x80; return c; }],
    ["a flipped salt bit", (b) => { const c = Buffer.from(b); c[20]! ^= 1; return c; }],
    ["a flipped nonce-prefix bit", (b) => { const c = Buffer.from(b); c[STREAM_HEADER_BYTES - 1]! ^= 1; return c; }],
    ["a flipped magic bit (read as a legacy blob, which fails)", (b) => { const c = Buffer.from(b); c[0]! ^= 1; return c; }],
    ["a truncated ciphertext", (b) => b.subarray(0, b.length - 1)],
    ["an appended byte", (b) => Buffer.concat([b, Buffer.from([0])])],
  ];
  it.each(tamper)("refuses %s before any plaintext is produced", (_name, edit) => {
    const { blob, wrappedKey } = encryptBlob({ plaintext: text, masterKey });
    let out: Buffer | undefined;
    expect(() => { out = decryptBlob({ blob: edit(blob), wrappedKey, masterKey }); }).toThrow(BlobIntegrityError);
    expect(out).toBeUndefined();
  });

  it("names the failed tag check", () => {
    const key = randomBytes(32);
    const blob = sealAesGcm(key, text);
    blob[blob.length - 1]! ^= 1;
    expect(() => openAesGcm(key, blob)).toThrow(/authentication tag mismatch/);
  });

  it.each([0, 1, 27])("rejects a blob of %i bytes (shorter than 28)", (n) => {
    const key = randomBytes(32);
    expect(() => openAesGcm(key, randomBytes(n))).toThrow(/shorter than 28/);
  });

  it("refuses a modified or foreign wrapped key, and the wrong master key", () => {
    const { blob, wrappedKey } = encryptBlob({ plaintext: text, masterKey });
    const raw = Buffer.from(wrappedKey.slice(3), "base64url");
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptBlob({ blob, wrappedKey: `k1.${raw.toString("base64url")}`, masterKey })).toThrow(BlobIntegrityError);
    expect(() => decryptBlob({ blob, wrappedKey: `k9.${wrappedKey.slice(3)}`, masterKey })).toThrow(/unknown wrapped-key format/);
    expect(() => decryptBlob({ blob, wrappedKey, masterKey: randomBytes(32) })).toThrow(BlobIntegrityError);
  });
});

describe("contentHash", () => {
  const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  it("is keccak-256 over prefix|owner|storageRef|plaintext", () => {
    const h = contentHash({ owner, storageRef: "qs/abc", plaintext: "hello" });
    expect(h).toBe(keccak256(stringToBytes(`svc-quickshare-content:v1|${owner}|qs/abc|hello`)));
    expect(h).toMatch(/^0x[0-9a-f]{64}$/);
  });
  it("changes with each part and takes raw bytes", () => {
    const base = contentHash({ owner, storageRef: "qs/abc", plaintext: "hello" });
    expect(contentHash({ owner, storageRef: "qs/abd", plaintext: "hello" })).not.toBe(base);
    expect(contentHash({ owner: owner.toLowerCase(), storageRef: "qs/abc", plaintext: "hello" })).not.toBe(base);
    expect(contentHash({ owner, storageRef: "qs/abc", plaintext: "hello!" })).not.toBe(base);
    expect(contentHash({ owner, storageRef: "qs/abc", plaintext: stringToBytes("hello") })).toBe(base);
  });
});
