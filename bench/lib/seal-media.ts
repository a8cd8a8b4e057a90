// Writes a media blob larger than the upload limit for bench/media.mjs (run with tsx): `size` bytes of
// deterministic plaintext (AES-256-CTR keystream of a random seed, so nothing compresses) sealed in
// the hub's segmented format (lib/crypto/stream-blob.ts) under the key of an uploaded media row, to a
// file. Prints JSON: the plaintext's SHA-256, and the SHA-256 of the `rangeLength` bytes at `rangeStart`.
// Usage: tsx bench/lib/seal-media.ts <blob-key hex> <wrapped key> <out path> <size> <rangeStart> <rangeLength>
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { openSync, writeSync, closeSync } from "node:fs";
import { openAesGcm } from "../../lib/crypto/aes-gcm";
import { StreamSealer } from "../../lib/crypto/stream-blob";

const [masterHex, wrappedKey, out, sizeArg, rangeStartArg, rangeLengthArg] = process.argv.slice(2);
const size = Number(sizeArg);
const rangeStart = Number(rangeStartArg);
const rangeEnd = rangeStart + Number(rangeLengthArg); // exclusive
const key = openAesGcm(Buffer.from(masterHex!, "hex"), Buffer.from(wrappedKey!.replace(/^k1\./, ""), "base64url"));
const sealer = new StreamSealer(key);
const seg = sealer.segmentBytes;
const stream = createCipheriv("aes-256-ctr", randomBytes(32), Buffer.alloc(16));
const zeros = Buffer.alloc(seg);
const whole = createHash("sha256");
const range = createHash("sha256");
const fd = openSync(out!, "w");
writeSync(fd, sealer.header);
const segments = Math.max(1, Math.ceil(size / seg));
for (let i = 0; i < segments; i++) {
  const n = Math.min(seg, size - i * seg);
  const plain = stream.update(zeros.subarray(0, n));
  whole.update(plain);
  const a = Math.max(rangeStart, i * seg);
  const b = Math.min(rangeEnd, i * seg + n);
  if (a < b) range.update(plain.subarray(a - i * seg, b - i * seg));
  writeSync(fd, sealer.seal(plain, i === segments - 1));
}
closeSync(fd);
process.stdout.write(JSON.stringify({ sha: whole.digest("hex"), rangeSha: range.digest("hex") }) + "\n");
