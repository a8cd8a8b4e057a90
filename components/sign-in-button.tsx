"use client";

import { ConnectButton } from "@rainbow-me/rainbowkit";
import { useEffect, useRef } from "react";
import { useAccount } from "wagmi";
import { useConnectWallet } from "./use-connect-wallet";
import { useMounted } from "./use-mounted";
import { useSession, useSignIn } from "./use-session";

const short = (w: string) => `${w.slice(0, 6)}…${w.slice(-4)}`;

/**
 * The connected wallet in the header: its short address on one line, opening RainbowKit's account
 * menu (copy, disconnect), or the network switch when the wallet is on another chain. Our own button
 * rather than RainbowKit's chip, whose emoji avatar shows a missing-glyph box where no emoji font is
 * installed and whose parts stacked vertically in the header.
 */
export function WalletChip() {
  return (
    <ConnectButton.Custom>
      {({ account, chain, mounted, openAccountModal, openChainModal }) => {
        if (!mounted || !account) return null;
        if (chain?.unsupported) {
          return <button type="button" className="btn btn-danger" onClick={openChainModal}>Wrong network</button>;
        }
        return (
          <button type="button" className="btn btn-quiet wallet-chip" onClick={openAccountModal} title={account.address} aria-label={`Wallet ${account.displayName}: open the wallet menu`}>
            <code>{account.displayName}</code>
            <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12"><path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" /></svg>
          </button>
        );
      }}
    </ConnectButton.Custom>
  );
}

/**
 * The header's wallet controls (inside WalletProviders): connect (RainbowKit, or the "no wallet
 * found" dialog), then "Sign in with wallet": nonce → EIP-4361 message → signature → session.
 * `openOnLoad` opens the connect dialog at once (the visitor clicked the header's light button,
 * which loaded this).
 */
export function SignInButton({ openOnLoad = false }: { openOnLoad?: boolean }) {
  const mounted = useMounted();
  const { address, isConnected } = useAccount();
  const { me } = useSession();
  const { signIn, signOut, status, error, busy } = useSignIn();
  const { connect, ready, dialog } = useConnectWallet();
  const opened = useRef(false);
  useEffect(() => {
    if (!openOnLoad || opened.current || !ready || isConnected) return;
    opened.current = true;
    void connect();
  }, [openOnLoad, ready, isConnected, connect]);

  if (!mounted) return <div className="wallet-bar" aria-busy="true" />;

  // The session is the server's word; a wallet connected as another account offers to sign in as that one.
  const otherAccount = me && isConnected && address && me.wallet.toLowerCase() !== address.toLowerCase();
  return (
    <div className="wallet-bar">
      {isConnected
        ? <WalletChip />
        : <button type="button" className="btn" onClick={() => void connect()} disabled={!ready}>Connect Wallet</button>}
      {isConnected && address && (!me || otherAccount) && (
        <button type="button" className="btn" onClick={() => signIn(address)} disabled={busy} data-testid="sign-in">
          {status === "waiting-signature" ? "Waiting for signature…" : status === "verifying" ? "Verifying…" : "Sign in with wallet"}
        </button>
      )}
      {me && !otherAccount && (
        <span className="signed-in" data-testid="signed-in">
          Signed in as <code>{short(me.wallet)}</code>{" "}
          <button type="button" className="btn btn-quiet" onClick={signOut}>Sign out</button>
        </span>
      )}
      {error && <p role="alert" className="error">{error}</p>}
      {dialog}
    </div>
  );
}
