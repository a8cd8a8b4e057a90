import "server-only";
import { env } from "@/lib/env";

let cached: { hex: string; key: Buffer } | undefined;

/** The server-only key (env.BLOB_KEY, 32 bytes) that wraps every per-blob content key. */
export function masterKey(): Buffer {
  const hex = env.BLOB_KEY;
  if (cached?.hex !== hex) cached = { hex, key: Buffer.from(hex, "hex") };
  return cached.key;
}
