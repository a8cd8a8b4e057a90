import "server-only";
import { db, type DbOrTx } from "@/lib/db";

/**
 * What a payer's accepted gateway payments still owe their deposit: locked and settling amounts
 * (a settling batch may already have landed; counting it until the settler marks it settled errs on
 * the safe side).
 */
export async function lockedGatewayAmount({ chainId, payer }: { chainId: number; payer: string }, client: DbOrTx = db): Promise<bigint> {
  const sum = await client.payment.aggregate({
    _sum: { amountAtomic: true },
    where: { chainId, payer, rail: "gateway", status: { in: ["locked", "settling"] } },
  });
  return sum._sum.amountAtomic ?? 0n;
}
