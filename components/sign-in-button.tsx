"use client";

import { ConnectButton } from "@rainbow-me/rainbowkit";
import { useRouter } from "next/navigation";
import { useAccount } from "wagmi";
import { useMounted } from "./use-mounted";
import { useSession, useSignIn } from "./use-session";

/** Connect (RainbowKit) and then "Sign in with wallet": nonce → EIP-4361 message → signature → session. */
export function SignInButton() {
  const mounted = useMounted();
  const { address, isConnected } = useAccount();
  const { me } = useSession();
  const router = useRouter();
  const { signIn, signOut, status, error, busy } = useSignIn();
  // Server-rendered pages that depend on the session (the dashboard) render again with it.
  const signInHere = async (wallet: `0x${string}`) => {
    if (await signIn(wallet)) router.refresh();
  };
  const signOutHere = async () => {
    await signOut();
    router.refresh();
  };

  if (!mounted) return <div className="wallet-bar" aria-busy="true" />;

  const signedInHere = me && address && me.wallet.toLowerCase() === address.toLowerCase();
  return (
    <div className="wallet-bar">
      <ConnectButton showBalance={false} chainStatus="icon" accountStatus="address" />
      {isConnected && address && !signedInHere && (
        <button type="button" className="btn" onClick={() => signInHere(address)} disabled={busy} data-testid="sign-in">
          {status === "waiting-signature" ? "Waiting for signature…" : status === "verifying" ? "Verifying…" : "Sign in with wallet"}
        </button>
      )}
      {signedInHere && (
        <span className="signed-in" data-testid="signed-in">
          Signed in as <code>{`${me.wallet.slice(0, 6)}…${me.wallet.slice(-4)}`}</code>{" "}
          <button type="button" className="btn btn-quiet" onClick={signOutHere}>Sign out</button>
        </span>
      )}
      {error && <p role="alert" className="error">{error}</p>}
    </div>
  );
}
