"use client";

import { ConnectButton } from "@rainbow-me/rainbowkit";
import { useAccount } from "wagmi";
import { useMounted } from "./use-mounted";
import { useSession, useSignIn } from "./use-session";

/** Connect (RainbowKit) and then "Sign in with wallet": nonce → EIP-4361 message → signature → session. */
export function SignInButton() {
  const mounted = useMounted();
  const { address, isConnected } = useAccount();
  const { me } = useSession();
  const { signIn, signOut, status, error, busy } = useSignIn();

  if (!mounted) return <div className="wallet-bar" aria-busy="true" />;

  const signedInHere = me && address && me.wallet.toLowerCase() === address.toLowerCase();
  return (
    <div className="wallet-bar">
      <ConnectButton showBalance={false} chainStatus="icon" accountStatus="address" />
      {isConnected && address && !signedInHere && (
        <button type="button" className="btn" onClick={() => signIn(address)} disabled={busy} data-testid="sign-in">
          {status === "waiting-signature" ? "Waiting for signature…" : status === "verifying" ? "Verifying…" : "Sign in with wallet"}
        </button>
      )}
      {signedInHere && (
        <span className="signed-in" data-testid="signed-in">
          Signed in as <code>{`${me.wallet.slice(0, 6)}…${me.wallet.slice(-4)}`}</code>{" "}
          <button type="button" className="btn btn-quiet" onClick={signOut}>Sign out</button>
        </span>
      )}
      {error && <p role="alert" className="error">{error}</p>}
    </div>
  );
}
