"use client";

import "@rainbow-me/rainbowkit/styles.css";
import { connectorsForWallets, lightTheme, RainbowKitProvider } from "@rainbow-me/rainbowkit";
import { injectedWallet } from "@rainbow-me/rainbowkit/wallets";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { defineChain } from "viem";
import { createConfig, http, WagmiProvider, type Config } from "wagmi";
import { reconnect } from "wagmi/actions";
import { useHubSession } from "./session-context";
import { SignInButton, WalletChip } from "./sign-in-button";
import { HEADER_WALLET_SLOT, registerWalletIsland, useHeaderIsland } from "./wallet-presence";

import type { ChainConfig } from "./chain-config";

type DemoModule = typeof import("./demo-wallet");
// Fetched only when the server names demo accounts: elsewhere the demo wallet's code never loads.
let demoModule: Promise<DemoModule> | undefined;
const withDemo = new WeakSet<Config>();

const RAINBOW_APP = { appName: "Paid Content Hub", projectId: "injected-only" };

/**
 * Adds a local hub's demo wallets to the wallet list once their code has loaded, the way wagmi adds
 * wallets a browser announces (EIP-6963): the page hydrates and works without waiting for them. A
 * demo wallet this browser used last time reconnects.
 */
async function addDemoWallets(config: Config, chainCfg: ChainConfig) {
  if (withDemo.has(config)) return;
  withDemo.add(config);
  const demo = await (demoModule ??= import("./demo-wallet"));
  const connectors = connectorsForWallets([demo.demoWalletGroup(chainCfg)], RAINBOW_APP).map((fn) => config._internal.connectors.setup(fn));
  config._internal.connectors.setState((list) => [...list.filter((c) => !connectors.some((d) => d.id === c.id)), ...connectors]);
  const recent = await config.storage?.getItem("recentConnectorId");
  if (!connectors.some((c) => c.id === recent)) return;
  // wagmi's own reconnect (of the wallets known at hydration) may still be running: let it finish first.
  const busy = (status: string) => status === "reconnecting" || status === "connecting";
  if (busy(config.state.status)) {
    await new Promise<void>((resolve) => {
      const stop = config.subscribe((state) => state.status, (status) => { if (!busy(status)) { stop(); resolve(); } });
    });
  }
  if (config.state.status === "disconnected") await reconnect(config, { connectors }).catch(() => {});
}

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
  // The generic "Browser Wallet" entry only where a browser wallet exists (window.ethereum): without
  // one it would open nothing. Wallets that announce themselves later (EIP-6963) are still added.
  const hasInjected = typeof window === "undefined" || "ethereum" in window;
  const connectors = hasInjected ? connectorsForWallets([{ groupName: "Browser wallets", wallets: [injectedWallet] }], RAINBOW_APP) : [];
  return createConfig({
    chains: [chain],
    connectors,
    transports: { [chain.id]: http(chainCfg.rpcUrl) },
    multiInjectedProviderDiscovery: true,
    ssr: true,
    pollingInterval: 1_000,
  });
}

// One wagmi config and one query cache per page, whatever number of islands wrap themselves in
// WalletProviders (the header's sign-in and a page's pay form see the same connection and cache).
let shared: { key: string; config: Config; queryClient: QueryClient } | undefined;
function sharedClients(chain: ChainConfig) {
  const key = JSON.stringify(chain);
  if (shared?.key !== key) shared = { key, config: makeWagmiConfig(chain), queryClient: new QueryClient() };
  return shared;
}

/**
 * RainbowKit in the app's colours (globals.css), every text colour at WCAG AA contrast or better on
 * the dialog's white: the defaults draw secondary text in translucent grey (3.3:1) and the connect
 * button white on a light blue (4.2:1).
 */
const hubTheme = (() => {
  const base = lightTheme({ accentColor: "#1d4ed8", accentColorForeground: "#ffffff", borderRadius: "medium", fontStack: "system" });
  return {
    ...base,
    colors: {
      ...base.colors,
      modalText: "#15161a",
      modalTextSecondary: "#4b5160",
      modalTextDim: "#4b5160",
      closeButton: "#4b5160",
      closeButtonBackground: "#eef0f4",
      connectButtonText: "#15161a",
      connectButtonBackground: "#ffffff",
      connectButtonInnerBackground: "#eef0f4",
      error: "#b42318",
      connectButtonBackgroundError: "#b42318",
      connectButtonTextError: "#ffffff",
      profileForeground: "#ffffff",
      generalBorder: "#d9dce3",
      modalBorder: "#d9dce3",
    },
    fonts: { body: "inherit" },
  };
})();

// RainbowKit draws some images (wallet logos beside their names, the "what is a wallet" art) as
// role="img" without a name; they repeat the text next to them, so they are marked decorative.
function hideUnnamedImages(root: ParentNode) {
  root.querySelectorAll('[data-rk] [role="img"]:not([aria-label]):not([aria-hidden])').forEach((el) => el.setAttribute("aria-hidden", "true"));
}

function useDecorativeRainbowImages() {
  useEffect(() => {
    hideUnnamedImages(document);
    const observer = new MutationObserver(() => hideUnnamedImages(document));
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}

const InsideWallet = createContext(false);

export type WalletProvidersProps = {
  /** The hub's chain; by default the one the root layout hands down. */
  chain?: ChainConfig;
  children?: ReactNode;
  /** Open the connect dialog at once (the header's light "Connect Wallet" loaded this). */
  openOnLoad?: boolean;
};

/**
 * The wallet stack (wagmi, react-query, RainbowKit) for a client island that acts with a wallet:
 * pay, tip, refund, rate, sign in, unlock. Pages that never use a wallet do not load it. Wrap any
 * island in it; nested inside another it adds nothing. The first island on a page also draws the
 * header's wallet controls, so the header and the page share one connection.
 */
export function WalletProviders({ children, ...props }: WalletProvidersProps) {
  if (useContext(InsideWallet)) return <>{children}</>;
  // No Suspense boundary here: an error a page throws inside one (notFound()) would no longer set the
  // response's status, so nothing in the wallet stack suspends (the demo wallets arrive after hydration).
  return <WalletRoot {...props}>{children}</WalletRoot>;
}

function WalletRoot({ chain, children, openOnLoad = false }: WalletProvidersProps) {
  const fromLayout = useHubSession().chain;
  const chainCfg = chain ?? fromLayout;
  if (!chainCfg) throw new Error("WalletProviders needs the hub's chain: render it under the root layout or pass `chain`");
  const { config, queryClient } = sharedClients(chainCfg);
  useEffect(() => {
    if (chainCfg.demoAccounts?.length) void addDemoWallets(config, chainCfg);
  }, [config, chainCfg]);
  const [island, setIsland] = useState<{ id: number; slot: HTMLElement | null } | null>(null);
  useEffect(() => {
    const { id, unregister } = registerWalletIsland();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the id and the header slot exist only once mounted
    setIsland({ id, slot: document.getElementById(HEADER_WALLET_SLOT) });
    return unregister;
  }, []);
  const headerIsland = useHeaderIsland();
  useDecorativeRainbowImages();
  const drawsHeader = island?.slot && headerIsland === island.id;
  return (
    <InsideWallet.Provider value>
      <WagmiProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <RainbowKitProvider theme={hubTheme} modalSize="compact">
            {children}
            {/* A hosted blog's header asks for the connected wallet alone (data-chip-only): signing in there is the paywall's, on the blog's own session. */}
            {drawsHeader && createPortal(island.slot!.dataset.chipOnly ? <WalletChip /> : <SignInButton openOnLoad={openOnLoad} />, island.slot!)}
          </RainbowKitProvider>
        </QueryClientProvider>
      </WagmiProvider>
    </InsideWallet.Provider>
  );
}

/** The former name of WalletProviders. */
export const Providers = WalletProviders;

