"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";
import { useSignMessage } from "wagmi";
import { useMounted } from "./use-mounted";

export type Me = { wallet: string } | null;
export type SignInStatus = "idle" | "waiting-signature" | "verifying" | "error";

const ME_KEY = ["auth-me"] as const;

async function fetchMe(): Promise<Me> {
  const res = await fetch("/auth/me", { cache: "no-store", credentials: "same-origin" });
  return res.ok ? ((await res.json()) as { wallet: string }) : null;
}

/**
 * The hub session (GET /auth/me), shared through react-query so every sign-in control on a page
 * (the header's and a share's) sees the same session the moment one of them signs in or out.
 */
export function useSession() {
  const mounted = useMounted();
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ME_KEY, queryFn: fetchMe, enabled: mounted, retry: false, staleTime: Infinity });
  const setMe = useCallback((value: Me) => queryClient.setQueryData(ME_KEY, value), [queryClient]);
  return { me: me.data ?? null, loading: !mounted || me.isPending, setMe };
}

/**
 * "Sign in with wallet" through wagmi: nonce → EIP-4361 message (viem/siwe) → `signMessage` → POST
 * /auth/verify, which sets the auth_session cookie. Each caller keeps its own status line.
 */
export function useSignIn() {
  const { setMe } = useSession();
  const { signMessageAsync } = useSignMessage();
  const [status, setStatus] = useState<SignInStatus>("idle");
  const [error, setError] = useState<string | null>(null);

  const signIn = useCallback(async (address: Address) => {
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
      const res = await fetch("/auth/verify", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message, signature }), credentials: "same-origin" });
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
  }, [signMessageAsync, setMe]);

  const signOut = useCallback(async () => {
    await fetch("/auth/logout", { method: "POST", credentials: "same-origin" });
    setMe(null);
  }, [setMe]);

  return { signIn, signOut, status, error, busy: status === "waiting-signature" || status === "verifying" };
}
