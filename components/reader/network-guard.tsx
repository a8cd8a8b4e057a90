"use client";

import type { ReactNode } from "react";
import { useAccount, useConfig, useSwitchChain } from "wagmi";
import { useConnectWallet } from "@/components/use-connect-wallet";
import { useMounted } from "@/components/use-mounted";
import { describeFailure } from "./wallet-error";
import { useState } from "react";

/**
 * Renders `children` only for a connected wallet on the hub's chain: otherwise a connect button
 * (RainbowKit's dialog, or "no wallet found" with the ways forward), or a wrong-network notice that offers to switch. `anyChain` skips the network check
 * for actions that only sign a message (a sign-in names its chain inside the message).
 */
export function NetworkGuard({ children, action, anyChain = false }: { children: ReactNode; action: string; anyChain?: boolean }) {
  const mounted = useMounted();
  const { isConnected, chainId } = useAccount();
  const config = useConfig();
  const hubChain = config.chains[0];
  const { switchChainAsync, isPending } = useSwitchChain();
  const [error, setError] = useState<string | null>(null);
  const wallet = useConnectWallet();

  if (!mounted) return <p className="muted" aria-busy="true">Loading wallet…</p>;
  if (!isConnected) {
    return (
      <div className="guard" data-guard="connect">
        <p>Connect a wallet to {action}.</p>
        <button type="button" className="btn" onClick={() => void wallet.connect()} disabled={!wallet.ready}>Connect wallet</button>
        {wallet.dialog}
      </div>
    );
  }
  if (!anyChain && chainId !== hubChain.id) {
    return (
      <div className="guard guard-warn" role="alert" data-guard="wrong-network">
        <p><strong>Wrong network.</strong> Your wallet is on chain {chainId}; this hub takes payments on {hubChain.name} (chain {hubChain.id}).</p>
        <button type="button" className="btn" disabled={isPending} onClick={() => {
          setError(null);
          switchChainAsync({ chainId: hubChain.id }).catch((err) => setError(describeFailure(err).message));
        }}>
          {isPending ? "Switching… confirm in your wallet" : `Switch to ${hubChain.name}`}
        </button>
        {error && <p className="error">{error}</p>}
      </div>
    );
  }
  return <>{children}</>;
}
