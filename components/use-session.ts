"use client";

import { useCallback, useState } from "react";
import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";
import { useSignMessage } from "wagmi";
import { useHubSession } from "./session-context";

export type { Me } from "./session-context";
export type SignInStatus = "idle" | "waiting-signature" | "verifying" | "error";

/**
 * The hub session as the root layout read it on the server (no GET /auth/me from the browser, so a
 * signed-out visitor makes no failing request). Every control on the page shares it, so a sign-in
 * anywhere shows everywhere at once; `setMe` also refreshes the server components that use it.
 */
export function useSession() {
  const { me, setMe } = useHubSession();
  return { me, loading: false, setMe };
}

/**
 * "Sign in with wallet" through wagmi against one origin's session routes (`authBase`: the hub's
 * `/auth`, or a hosted blog's `/api/auth`): nonce → EIP-4361 message (viem/siwe) → `signMessage` →
 * POST verify, which sets the session cookie; `onSignedIn` gets the wallet. Each caller keeps its own
 * status line.
 */
export function useWalletSignIn(authBase: "/auth" | "/api/auth", onSignedIn: (me: { wallet: string }) => void) {
  const { signMessageAsync } = useSignMessage();
  const [status, setStatus] = useState<SignInStatus>("idle");
  const [error, setError] = useState<string | null>(null);

  const signIn = useCallback(async (address: Address) => {
    setError(null);
    try {
      const terms = await (await fetch(`${authBase}/nonce?address=${address}`, { cache: "no-store" })).json();
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
      const res = await fetch(`${authBase}/verify`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message, signature }), credentials: "same-origin" });
      const body = await res.json();
      if (!res.ok) throw new Error(body.details ?? body.error ?? `Sign-in failed (${res.status})`);
      onSignedIn({ wallet: body.wallet });
      setStatus("idle");
      return true;
    } catch (err) {
      const msg = (err as { shortMessage?: string; message?: string }).shortMessage ?? (err as Error).message;
      setError(/reject|denied/i.test(msg) ? "You rejected the signature in your wallet." : msg);
      setStatus("error");
      return false;
    }
  }, [authBase, signMessageAsync, onSignedIn]);

  return { signIn, status, error, busy: status === "waiting-signature" || status === "verifying" };
}

/** Sign-in to the hub (`/auth`, cookie auth_session): the signed-in wallet shows everywhere on the page at once. */
export function useSignIn() {
  const { setMe, signOut } = useHubSession();
  return { ...useWalletSignIn("/auth", setMe), signOut };
}
