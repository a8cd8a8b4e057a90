import "server-only";
import type { Address } from "viem";
import { gatewayWalletAbi } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { publicClient, type PublicClient } from "@/lib/chain/clients";
import { env } from "@/lib/env";

/** A payer's Gateway Wallet deposit as settlement can draw on it (lib/x402/read-gateway-balance.ts reads it on chain). */
export type GatewayBalance = { available: bigint; withdrawing: bigint; withdrawable: bigint; spendable: bigint };

/** A depositor's Gateway Wallet state as the contract stores it (USDC only). */
export type GatewayDepositState = { available: bigint; withdrawing: bigint; withdrawalBlock: bigint };

/**
 * Reads a depositor's stored state at `block` (three eth_calls, pinned to that block), through `client`:
 * the deposit index's pass reads its depositors together through the batching client (lib/chain/clients.ts).
 */
export async function readGatewayDeposit(depositor: Address, block: bigint, client: PublicClient = publicClient()): Promise<GatewayDepositState> {
  const base = { address: env.GATEWAY_WALLET_ADDRESS, abi: gatewayWalletAbi, blockNumber: block } as const;
  const args = [env.USDC_ADDRESS, depositor] as const;
  const [available, withdrawing, withdrawalBlock] = await chainRead("read the Gateway deposit", () =>
    Promise.all([
      client.readContract({ ...base, functionName: "availableBalance", args }),
      client.readContract({ ...base, functionName: "withdrawingBalance", args }),
      client.readContract({ ...base, functionName: "withdrawalBlock", args }),
    ]),
  );
  return { available, withdrawing, withdrawalBlock };
}

/**
 * What settlement can draw on at block `at`, exactly as the contract's withdrawableBalance decides:
 * a withdrawing balance counts until its unlock block, after which the payer may pull it any moment.
 */
export function balanceAt(d: GatewayDepositState, at: bigint): GatewayBalance {
  const withdrawable = d.withdrawalBlock !== 0n && at >= d.withdrawalBlock ? d.withdrawing : 0n;
  return { available: d.available, withdrawing: d.withdrawing, withdrawable, spendable: d.available + d.withdrawing - withdrawable };
}
