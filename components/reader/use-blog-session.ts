"use client";

import { useCallback, useState } from "react";
import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";
import { useSignMessage } from "wagmi";
import type { SignInStatus } from "@/components/use-session";

/**
 * The session of a hosted blog on its own origin (its /api/auth routes, cookie sb_auth_session), the
 * blog's counterpart of the hub's useSession + useSignIn with the same shape: the server renders the
 * page knowing the session (`initial`), and sign-in (nonce → EIP-4361 → signMessage → verify) and
 * sign-out update it here.
 */
export function useBlogSession(initial: string | null) {
  const { signMessageAsync } = useSignMessage();
  const [me, setMe] = useState<{ wallet: string } | null>(initial ? { wallet: initial } : null);
  const [status, setStatus] = useState<SignInStatus>("idle");
  const [error, setError] = useState<string | null>(null);

  const signIn = useCallback(async (address: Address) => {
    setError(null);
    try {
      const terms = await (await fetch(`/api/auth/nonce?address=${address}`, { cache: "no-store" })).json();
      const message = createSiweMessage({
        address, chainId: terms.chainId, domain: terms.domain, uri: terms.uri, nonce: terms.nonce, statement: terms.statement,
        version: "1", issuedAt: new Date(), expirationTime: new Date(terms.expiresAt),
      });
      setStatus("waiting-signature");
      const signature = await signMessageAsync({ message });
      setStatus("verifying");
      const res = await fetch("/api/auth/verify", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message, signature }), credentials: "same-origin" });
      const body = await res.json();
      if (!res.ok) throw new Error(body.details ?? body.error ?? `Sign-in failed (${res.status})`);
      setMe({ wallet: body.wallet });
      setStatus("idle");
      return true;
    } catch (err) {
      const msg = (err as { shortMessage?: string; message?: string }).shortMessage ?? (err as Error).message;
      setError(/reject|denied/i.test(msg) ? "You rejected the signature in your wallet." : msg);
      setStatus("error");
      return false;
    }
  }, [signMessageAsync]);

  const signOut = useCallback(async () => {
    await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
    setMe(null);
  }, []);

  return { me, loading: false, signIn, signOut, status, error, busy: status === "waiting-signature" || status === "verifying" };
}
