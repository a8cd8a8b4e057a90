import "server-only";
import { env } from "@/lib/env";
import { NETWORKS } from "./networks";

/** The chain description handed to the browser's wagmi config: public RPC only, never a secret. */
export function hubChainConfig() {
  const net = NETWORKS[env.NETWORK_MODE];
  return { chainId: net.chainId, name: env.DEV_CHAIN ? `${net.label} (local)` : net.label, rpcUrl: env.PUBLIC_RPC_URL, testnet: net.name === "testnet" };
}
