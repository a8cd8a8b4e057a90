/** A demo wallet of a local hub (anvil signs for it); the server names them only on a loopback testnet chain. */
export type DemoAccountConfig = { label: string; address: `0x${string}` };

/** The chain the browser's wallet config is built for: what `hubChainConfig()` hands a page (public RPC only). */
export type ChainConfig = { chainId: number; name: string; rpcUrl: string; testnet: boolean; demoAccounts?: DemoAccountConfig[] };
