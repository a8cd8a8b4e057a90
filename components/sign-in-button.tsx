"use client";

import { ConnectButton } from "@rainbow-me/rainbowkit";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { createSiweMessage } from "viem/siwe";
import { useAccount, useSignMessage } from "wagmi";
import { useMounted } from "./use-mounted";

type Me = { wallet: string } | null;
type Status = "idle" | "waiting-signature" | "verifying" | "error";

async function fetchMe(): Promise<Me> {
  const res = await fetch("/auth/me", { cache: "no-store" });
  return res.ok ? ((await res.json()) as { wallet: string }) : null;
}

/** Connect (RainbowKit) and then "Sign in with wallet": nonce → EIP-4361 message → signature → session. */
export function SignInButton() {
  const mounted = useMounted();
  const router = useRouter();
  const { address, isConnected } = useAccount();
  const { signMessageAsync } = useSignMessage();
  const [me, setMe] = useState<Me>(null);
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (mounted) fetchMe().then(setMe, () => setMe(null));
  }, [mounted]);

  const signIn = useCallback(async () => {
    if (!address) return;
    setError(null);
    try {
      const terms = await (await fetch(`/auth/nonce?address=${address}`, { cache: "no-store" })).json();
      const message = createSiweMessage({
        address,
        chainId: terms.chainId,
        domain: terms.domain,
        uri: terms.uri,
        nonce: terms.nonce,
        statement: terms.statement,
        version: "1",
        issuedAt: new Date(),
        expirationTime: new Date(terms.expiresAt),
      });
      setStatus("waiting-signature");
      const signature = await signMessageAsync({ message });
      setStatus("verifying");
      const res = await fetch("/auth/verify", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message, signature }) });
      const body = await res.json();
      if (!res.ok) throw new Error(body.details ?? body.error ?? `Sign-in failed (${res.status})`);
      setMe({ wallet: body.wallet });
      setStatus("idle");
      // Server-rendered pages that depend on the session (the dashboard) render again with it.
      router.refresh();
    } catch (err) {
      const msg = (err as { shortMessage?: string; message?: string }).shortMessage ?? (err as Error).message;
      setError(/reject|denied/i.test(msg) ? "You rejected the signature in your wallet." : msg);
      setStatus("error");
    }
  }, [address, signMessageAsync, router]);

  const signOut = useCallback(async () => {
    await fetch("/auth/logout", { method: "POST" });
    setMe(null);
    router.refresh();
  }, [router]);

  if (!mounted) return <div className="wallet-bar" aria-busy="true" />;

  const signedInHere = me && address && me.wallet.toLowerCase() === address.toLowerCase();
  return (
    <div className="wallet-bar">
      <ConnectButton showBalance={false} chainStatus="icon" accountStatus="address" />
      {isConnected && !signedInHere && (
        <button type="button" className="btn" onClick={signIn} disabled={status === "waiting-signature" || status === "verifying"} data-testid="sign-in">
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
