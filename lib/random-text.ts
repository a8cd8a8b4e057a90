import { randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let used = POOL_BYTES;

/**
 * `bytes` fresh random bytes (at most 256) as hex or base64, for the nonces made per request (a
 * SIWX challenge's, a page's CSP nonce). Drawn from a pool the OS fills 4 KiB at a time, as Node
 * buffers the entropy of randomUUID: each randomBytes(16) is one getrandom call, which cost about
 * 25 µs here, a tenth of a 402's own work (bench/README.md). Every byte is handed out once.
 */
export function randomText(bytes: number, encoding: "hex" | "base64"): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > 256) throw new RangeError(`randomText: ${bytes} bytes (1–256)`);
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const text = pool.toString(encoding, used, used + bytes);
  used += bytes;
  return text;
}
