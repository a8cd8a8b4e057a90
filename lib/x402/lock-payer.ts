import "server-only";
import { stringToBytes } from "viem";
import { keccak256 } from "@/lib/crypto/keccak";
import { isPostgres, type Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";

/**
 * Serialises the transactions that spend one payer's Gateway deposit, so two different payments
 * cannot both pass the "deposit minus locks" check. PostgreSQL (READ COMMITTED) takes a
 * transaction-scoped advisory lock keyed on the payer, released at commit or rollback; SQLite needs
 * nothing: its adapter runs one transaction at a time.
 */
export async function lockPayer(tx: Tx, payer: string): Promise<void> {
  for (const { perform } of payerLock(payer)) await tx.$executeRaw(perform);
}

/** lockPayer's statement, for a caller that runs it in its own ordered batch (lib/db-one-trip.ts); none on SQLite. */
export function payerLock(payer: string): Array<{ perform: Prisma.Sql }> {
  if (!isPostgres()) return [];
  const key = BigInt.asIntN(64, BigInt(keccak256(stringToBytes(`x402-payer:${payer.toLowerCase()}`)).slice(0, 18)));
  return [{ perform: Prisma.sql`SELECT pg_advisory_xact_lock(${key})` }];
}
