import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";

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
  const open = { status: { in: ["locked", "settling"] } };
  const since = balanceReadAt ? [{ status: "settled", settledAt: { gte: new Date(balanceReadAt.getTime() - SKEW_MS) } }] : [];
  const sum = await client.payment.aggregate({
    _sum: { amountAtomic: true },
    // network first: the (network, payer, status) index keeps this to the payer's own rows.
    where: { network: env.NETWORK_MODE, payer, chainId, rail: "gateway", OR: [open, ...since] },
  });
  return sum._sum.amountAtomic ?? 0n;
}
