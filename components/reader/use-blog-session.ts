"use client";

import { useCallback, useState } from "react";
import { useWalletSignIn } from "@/components/use-session";

/**
 * The session of a hosted blog on its own origin (its /api/auth routes, cookie sb_auth_session), the
 * blog's counterpart of the hub's useSession + useSignIn with the same shape: the server renders the
 * page knowing the session (`initial`); sign-in (the same flow as the hub's, against /api/auth) and
 * sign-out update it here.
 */
export function useBlogSession(initial: string | null) {
  const [me, setMe] = useState<{ wallet: string } | null>(initial ? { wallet: initial } : null);
  const controls = useWalletSignIn("/api/auth", setMe);
  const signOut = useCallback(async () => {
    await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
    setMe(null);
  }, []);
  return { me, loading: false, ...controls, signOut };
}
