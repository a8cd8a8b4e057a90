"use client";

import { useConnectModal } from "@rainbow-me/rainbowkit";
import { useCallback, useState } from "react";
import { useConfig, type Config } from "wagmi";
import { NoWalletDialog } from "./no-wallet-dialog";

/** Whether this browser has a wallet at all: an injected provider or one announced over EIP-6963. */
async function hasBrowserWallet(config: Config) {
  const providers = await Promise.all(config.connectors.map((c) => c.getProvider().catch(() => undefined)));
  return providers.some(Boolean);
}

/**
 * Opens RainbowKit's connect dialog, or, when the browser has no wallet, a "no wallet found" dialog
 * with the two ways forward (install one; pay with any x402 client). `dialog` must be rendered.
 */
export function useConnectWallet() {
  const config = useConfig();
  const { openConnectModal } = useConnectModal();
  const [noWallet, setNoWallet] = useState(false);
  const connect = useCallback(async () => {
    if (!(await hasBrowserWallet(config))) return setNoWallet(true);
    openConnectModal?.();
  }, [config, openConnectModal]);
  const dialog = noWallet ? <NoWalletDialog onClose={() => setNoWallet(false)} /> : null;
  return { connect, ready: !!openConnectModal, noWallet, dialog };
}
