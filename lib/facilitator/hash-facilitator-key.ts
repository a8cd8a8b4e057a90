import { createHash } from "node:crypto";

/** A facilitator key as stored: hex SHA-256 (the key is 32 random bytes, so no salt or slow hash is needed). */
export function hashFacilitatorKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
