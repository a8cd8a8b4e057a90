"use client";

import { useConnectModal } from "@rainbow-me/rainbowkit";
import { useCallback, useState } from "react";
import { useConfig, useConnectors, type Config } from "wagmi";
import { NoWalletDialog } from "./no-wallet-dialog";

/** A local hub's demo wallets (components/demo-wallet.ts): in the list, but not the browser's own. */
export const isDemoConnector = (c: { id: string }) => c.id.startsWith("demo-");

/** Whether this browser has a wallet at all: an injected provider or one announced over EIP-6963. */
async function hasBrowserWallet(config: Config) {
  const providers = await Promise.all(config.connectors.filter((c) => !isDemoConnector(c)).map((c) => c.getProvider().catch(() => undefined)));
  return providers.some(Boolean);
}

/**
 * Opens RainbowKit's connect dialog, or, when the browser has no wallet, a "no wallet found" dialog
 * with the ways forward (install one; pay with any x402 client; on a local demo hub, its demo
 * wallets, which open RainbowKit's dialog). `dialog` must be rendered.
 */
export function useConnectWallet({ payUrl }: { payUrl?: string | null } = {}) {
  const config = useConfig();
  const { openConnectModal } = useConnectModal();
  const [noWallet, setNoWallet] = useState(false);
  const connect = useCallback(async () => {
    if (!(await hasBrowserWallet(config))) return setNoWallet(true);
    openConnectModal?.();
  }, [config, openConnectModal]);
  // Subscribed: a local hub's demo wallets join the list just after hydration, and the dialog offers them once they have.
  const demo = useConnectors().some(isDemoConnector);
  const useDemo = useCallback(() => {
    setNoWallet(false);
    openConnectModal?.();
  }, [openConnectModal]);
  const dialog = noWallet ? <NoWalletDialog onClose={() => setNoWallet(false)} payUrl={payUrl} onUseDemo={demo ? useDemo : undefined} /> : null;
  return { connect, ready: !!openConnectModal, noWallet, dialog };
}
