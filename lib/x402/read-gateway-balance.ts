import "server-only";
import type { Address } from "viem";
import { chainRead } from "@/lib/chain/chain-read";
import { publicClient } from "@/lib/chain/clients";
import { balanceAt, readGatewayDeposit, type GatewayBalance } from "./gateway-index/read-gateway-deposit";

export type { GatewayBalance };


/**
 * A payer's Gateway Wallet deposit as settlement can draw on it, read on chain at the current block:
 * `settleBatch` debits the available balance first, then the withdrawing one. A withdrawing balance
 * still inside its delay cannot leave before our batch lands, so it counts; once withdrawable, the
 * payer can pull it any moment, so it does not (balanceAt). Throws chain-unavailable (503) when the
 * RPC does not answer.
 */
export async function readGatewayBalance(payer: Address): Promise<GatewayBalance> {
  const block = await chainRead("read the chain's head", () => publicClient().getBlockNumber({ cacheTime: 0 }));
  return balanceAt(await readGatewayDeposit(payer, block), block);
}
