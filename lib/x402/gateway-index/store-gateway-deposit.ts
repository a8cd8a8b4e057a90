import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { isUniqueViolation } from "../is-unique-violation";
import type { GatewayDepositState } from "./read-gateway-deposit";

/**
 * Writes a depositor's state as read on chain at `block`, unless the index already holds a read of a
 * later block (the follower and a payment's chain read may race; the later read wins whatever order
 * they land in).
 */
export async function storeGatewayDeposit(
  { chainId, depositor, block, state }: { chainId: number; depositor: string; block: bigint; state: GatewayDepositState },
  client: DbOrTx = db,
): Promise<void> {
  const data = { ...state, block };
  const updated = await client.gatewayDeposit.updateMany({ where: { chainId, depositor, block: { lte: block } }, data });
  if (updated.count > 0) return;
  try {
    await client.gatewayDeposit.create({ data: { chainId, depositor, ...data } });
  } catch (err) {
    // A row exists (read at a later block, or written meanwhile by the other writer): it stands.
    if (!isUniqueViolation(err)) throw err;
  }
}
