"use client";

import "@rainbow-me/rainbowkit/styles.css";
import { connectorsForWallets, RainbowKitProvider } from "@rainbow-me/rainbowkit";
import { injectedWallet } from "@rainbow-me/rainbowkit/wallets";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { defineChain } from "viem";
import { createConfig, http, WagmiProvider } from "wagmi";

export type ChainConfig = { chainId: number; name: string; rpcUrl: string; testnet: boolean };

function makeWagmiConfig(chainCfg: ChainConfig) {
  const chain = defineChain({
    id: chainCfg.chainId,
    name: chainCfg.name,
    nativeCurrency: { name: "USDC", symbol: "USDC", decimals: 18 },
    rpcUrls: { default: { http: [chainCfg.rpcUrl] } },
    testnet: chainCfg.testnet,
  });
  // Only injected wallets (EIP-6963 discovery stays on): RainbowKit's defaults would call
  // WalletConnect's hosts on every page load, and the hub makes no outside requests.
  const connectors = connectorsForWallets([{ groupName: "Browser wallets", wallets: [injectedWallet] }], {
    appName: "Paid Content Hub",
    projectId: "injected-only",
  });
  return createConfig({
    chains: [chain],
    connectors,
    transports: { [chain.id]: http(chainCfg.rpcUrl) },
    multiInjectedProviderDiscovery: true,
    ssr: true,
    pollingInterval: 1_000,
  });
}

export function Providers({ chain, children }: { chain: ChainConfig; children: ReactNode }) {
  const [config] = useState(() => makeWagmiConfig(chain));
  const [queryClient] = useState(() => new QueryClient());
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <RainbowKitProvider>{children}</RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
