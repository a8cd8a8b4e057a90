"use client";

import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { ChainConfig } from "./chain-config";

export type Me = { wallet: string } | null;

type SessionState = {
  me: Me;
  /** The chain the hub takes payments on (public facts only), for the wallet islands. */
  chain: ChainConfig | null;
  setMe(me: Me): void;
  signOut(): Promise<void>;
};

const SessionContext = createContext<SessionState>({ me: null, chain: null, setMe: () => {}, signOut: async () => {} });

/**
 * The hub session as the server read it (the root layout reads the HttpOnly cookie), so a signed-out
 * visitor's browser never asks GET /auth/me for an answer it already has, and no wallet code is
 * needed to show who is signed in. Sign-in and sign-out update it here and refresh the server
 * components that depend on the session (the dashboard).
 */
export function SessionProvider({ me: initial, chain, children }: { me: Me; chain: ChainConfig; children: ReactNode }) {
  const router = useRouter();
  const [me, setMeState] = useState<Me>(initial);
  // A server render after a refresh or a navigation carries the newer truth.
  const [seen, setSeen] = useState(initial?.wallet ?? null);
  if ((initial?.wallet ?? null) !== seen) {
    setSeen(initial?.wallet ?? null);
    setMeState(initial);
  }
  const setMe = useCallback((value: Me) => {
    setMeState(value);
    router.refresh();
  }, [router]);
  const signOut = useCallback(async () => {
    await fetch("/auth/logout", { method: "POST", credentials: "same-origin" });
    setMe(null);
  }, [setMe]);
  const value = useMemo(() => ({ me, chain, setMe, signOut }), [me, chain, setMe, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The hub session of this page (no request: the server rendered it). */
export function useHubSession() {
  return useContext(SessionContext);
}
