import { randomBytes } from "node:crypto";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** 8 random base58 characters (about 46.9 bits), unbiased (rejection sampling). */
export function newSlug(): string {
  let out = "";
  while (out.length < 8) {
    for (const byte of randomBytes(16)) {
      if (byte < 232 && out.length < 8) out += BASE58[byte % 58]; // 232 = 4 * 58
    }
  }
  return out;
}
