import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";

/** Clock skew allowed between app instances when comparing settlement times with a balance read. */
const SKEW_MS = 10_000;

/**
 * What a payer's accepted gateway payments still owe their deposit: the locked and settling amounts
 * (a settling batch may already have landed; counting it until the settler marks it settled errs on
 * the safe side), plus, with `balanceReadAt`, what was marked settled since that on-chain balance was
 * read — the read may predate the debit, and the payment no longer counts as locked.
 */
export async function lockedGatewayAmount(
  { chainId, payer, balanceReadAt }: { chainId: number; payer: string; balanceReadAt?: Date },
  client: DbOrTx = db,
): Promise<bigint> {
  // Raw (one short statement on the money path; a Prisma aggregate costs about three times as much
  // CPU). The sum travels as text: SQLite's and PostgreSQL's integer and numeric sums decode alike.
  const since = balanceReadAt ? Prisma.sql` OR ("status" = 'settled' AND "settledAt" >= ${new Date(balanceReadAt.getTime() - SKEW_MS)})` : Prisma.empty;
  // network first: the (network, payer, status) index keeps this to the payer's own rows.
  const [row] = await client.$queryRaw<Array<{ sum: string }>>`SELECT CAST(COALESCE(SUM("amountAtomic"), 0) AS TEXT) AS "sum" FROM "Payment"
    WHERE "network" = ${env.NETWORK_MODE} AND "payer" = ${payer} AND "chainId" = ${chainId} AND "rail" = 'gateway'
    AND ("status" IN ('locked', 'settling')${since})`;
  return BigInt(row?.sum ?? "0");
}
