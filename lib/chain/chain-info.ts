import "server-only";
import { erc20Abi } from "viem";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { publicClient } from "./clients";
import { NETWORKS } from "./networks";

export type ChainInfo = {
  chainId: number;
  usdc: { address: `0x${string}`; name: string; version: string; decimals: number };
};

let pending: Promise<ChainInfo> | undefined;

/**
 * The start-up check of the chain: eth_chainId must be the configured network's, and the token's
 * EIP-712 name/version and decimals are read on chain (never taken from a client). Cached once it
 * succeeds; a failure is not cached, so the hub recovers when the chain comes back.
 */
export function getChainInfo(): Promise<ChainInfo> {
  pending ??= readChainInfo().catch((err) => {
    pending = undefined;
    throw err;
  });
  return pending;
}

async function readChainInfo(): Promise<ChainInfo> {
  const client = publicClient();
  const expected = NETWORKS[env.NETWORK_MODE].chainId;
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch (err) {
    // The RPC URL stays in the server log: a hosted RPC's URL often embeds an API key.
    console.warn(`[hub] chain RPC ${env.RPC_URL} does not answer: ${(err as Error).message.split("\n")[0]}`);
    throw new ApiError("chain-unavailable", "The hub's chain RPC does not answer; retry shortly");
  }
  if (chainId !== expected) {
    throw new ApiError("chain-unavailable", `The RPC serves chain ${chainId}, but this ${env.NETWORK_MODE} hub needs ${expected}`);
  }
  const address = env.USDC_ADDRESS;
  const [domain, decimals] = await Promise.all([
    client.getEip712Domain({ address }),
    client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
  ]);
  if (decimals !== 6) throw new ApiError("chain-unavailable", `USDC at ${address} has ${decimals} decimals, expected 6`);
  return { chainId, usdc: { address, name: domain.domain.name, version: domain.domain.version, decimals } };
}
