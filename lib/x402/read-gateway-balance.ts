import "server-only";
import type { Address } from "viem";
import { gatewayWalletAbi } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { publicClient } from "@/lib/chain/clients";
import { env } from "@/lib/env";

export type GatewayBalance = { available: bigint; withdrawing: bigint; withdrawable: bigint; spendable: bigint };

/**
 * A payer's Gateway Wallet deposit as settlement can draw on it: `settleBatch` debits the available
 * balance first, then the withdrawing one. A withdrawing balance still inside its delay cannot leave
 * before our batch lands, so it counts; once withdrawable, the payer can pull it any moment, so it
 * does not. Throws chain-unavailable (503) when the RPC does not answer.
 */
export async function readGatewayBalance(payer: Address): Promise<GatewayBalance> {
  const base = { address: env.GATEWAY_WALLET_ADDRESS as Address, abi: gatewayWalletAbi } as const;
  const args = [env.USDC_ADDRESS as Address, payer] as const;
  const client = publicClient();
  const [available, withdrawing, withdrawable] = await chainRead("read the Gateway deposit", () =>
    Promise.all([
      client.readContract({ ...base, functionName: "availableBalance", args }),
      client.readContract({ ...base, functionName: "withdrawingBalance", args }),
      client.readContract({ ...base, functionName: "withdrawableBalance", args }),
    ]),
  );
  return { available, withdrawing, withdrawable, spendable: available + withdrawing - withdrawable };
}
