import "server-only";
import { getAddress, type Address } from "viem";
import { gatewayWalletAbi } from "@/lib/chain/abis";
import { publicClient } from "@/lib/chain/clients";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { formatUsdc } from "@/lib/money";

/** POST /quickshare/gateway/balance: a depositor's USDC in the Gateway Wallet, read on chain. */
export async function gatewayBalance({ wallet }: { wallet: string }) {
  const depositor = getAddress(wallet);
  const token = getAddress(env.USDC_ADDRESS);
  const gateway = getAddress(env.GATEWAY_WALLET_ADDRESS);
  const read = (functionName: "availableBalance" | "totalBalance" | "withdrawingBalance" | "withdrawableBalance") =>
    publicClient().readContract({ address: gateway, abi: gatewayWalletAbi, functionName, args: [token, depositor as Address] }) as Promise<bigint>;
  let values: bigint[];
  try {
    values = await Promise.all([read("availableBalance"), read("totalBalance"), read("withdrawingBalance"), read("withdrawableBalance")]);
  } catch (err) {
    throw new ApiError("chain-unavailable", `Could not read the Gateway Wallet: ${(err as Error).message.split("\n")[0]}`);
  }
  const [available, total, withdrawing, withdrawable] = values as [bigint, bigint, bigint, bigint];
  return {
    success: true as const,
    wallet: depositor,
    token,
    gatewayWallet: gateway,
    available: formatUsdc(available),
    total: formatUsdc(total),
    withdrawing: formatUsdc(withdrawing),
    withdrawable: formatUsdc(withdrawable),
    atomic: { available: String(available), total: String(total), withdrawing: String(withdrawing), withdrawable: String(withdrawable) },
  };
}
