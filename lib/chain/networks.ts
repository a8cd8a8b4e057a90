/** The two stacks a hub can run as. A hub runs in exactly one; every row it writes carries the name. */
export const NETWORKS = {
  testnet: { name: "testnet", chainId: 5042002, caip2: "eip155:5042002", label: "Arc Testnet" },
  mainnet: { name: "mainnet", chainId: 5042, caip2: "eip155:5042", label: "Arc" },
} as const;

export type NetworkName = keyof typeof NETWORKS;
export type NetworkInfo = (typeof NETWORKS)[NetworkName];

export function networkByChainId(chainId: number): NetworkInfo | undefined {
  return Object.values(NETWORKS).find((n) => n.chainId === chainId);
}
