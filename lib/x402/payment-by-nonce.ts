import "server-only";
import { db } from "@/lib/db";

/** An authorization's key in the Payment table: one payment per (chain, payer, nonce). */
export type NonceKey = { chainId: number; payer: string; nonce: string };

/**
 * The payment recorded for an authorization's nonce, with its receipt, or null. A new authorization is
 * the common case on every money path, so this is one raw primary-key probe first (a Prisma read costs
 * about three times its CPU) and the full row only when there is one (a replay or a reused nonce).
 */
export async function paymentByNonce({ chainId, payer, nonce }: NonceKey) {
  const seen = await db.$queryRaw<unknown[]>`SELECT 1 AS "one" FROM "Payment" WHERE "chainId" = ${chainId} AND "payer" = ${payer} AND "nonce" = ${nonce} LIMIT 1`;
  if (!seen.length) return null;
  return db.payment.findUnique({ where: { chainId_payer_nonce: { chainId, payer, nonce } }, include: { receipt: true } });
}
