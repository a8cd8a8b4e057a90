import "server-only";
import { env } from "@/lib/env";
import { demoAccounts } from "./demo-wallets";
import { NETWORKS } from "./networks";

/**
 * The chain description handed to the browser's wagmi config: public RPC only, never a secret. On a
 * local demo chain it also names the demo wallets (addresses; anvil signs for them).
 */
export function hubChainConfig() {
  const net = NETWORKS[env.NETWORK_MODE];
  const demo = demoAccounts();
  return {
    chainId: net.chainId,
    name: env.DEV_CHAIN ? `${net.label} (local)` : net.label,
    rpcUrl: env.PUBLIC_RPC_URL,
    testnet: net.name === "testnet",
    ...(demo.length ? { demoAccounts: demo } : {}),
  };
}
