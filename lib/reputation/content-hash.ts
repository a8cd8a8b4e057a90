import "server-only";
import { stringToHex, type Hex } from "viem";
import { keccak256 } from "@/lib/crypto/keccak";
import { db, type DbOrTx } from "@/lib/db";

/** Versioned so the derivation can change without colliding with older on-chain ratings. */
const PREFIX = "paid-content-hub:content:v1";

/**
 * The bytes32 id a content item has on the reputation contract, stored on first use so every
 * caller (prepare, index, stats, sync) uses the same value; clients must not compute it themselves.
 */
export async function ensureContentHash(content: { id: string; network: string; contentHash: string | null }, client: DbOrTx = db): Promise<Hex> {
  if (content.contentHash) return content.contentHash as Hex;
  const hash = keccak256(stringToHex(`${PREFIX}|${content.network}|${content.id}`));
  await client.content.updateMany({ where: { id: content.id, contentHash: null }, data: { contentHash: hash } });
  return hash;
}
