"use client";

import { useState } from "react";
import { HEADER_WALLET_SLOT } from "@/components/wallet-presence";

const short = (w: string) => `${w.slice(0, 6)}…${w.slice(-4)}`;

/**
 * A hosted blog's header, right side: who is signed in to this blog (its own session, sb_auth_session)
 * with "Sign out", the connected wallet (drawn here by the page's wallet island, the paywall, as the
 * hub's header does: one wallet stack per page), and the way back to the hub.
 */
export function BlogAccount({ wallet, walletName, hubOrigin }: { wallet: string | null; walletName?: string | null; hubOrigin: string }) {
  const [signedOut, setSignedOut] = useState(false);
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    // Same-origin POST on the blog's own origin; the page reloads without the blog session.
    const res = await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" }).catch(() => null);
    setBusy(false);
    if (res?.ok) {
      setSignedOut(true);
      window.location.reload();
    }
  }

  return (
    <div className="sb-account">
      {wallet && !signedOut && (
        <span className="signed-in" data-testid="blog-signed-in">
          Signed in as {walletName ? <><strong>{walletName}</strong> </> : null}<code title={wallet}>{short(wallet)}</code>{" "}
          <button type="button" className="sb-link-button" onClick={signOut} disabled={busy}>Sign out</button>
        </span>
      )}
      <div id={HEADER_WALLET_SLOT} className="sb-wallet-slot" data-chip-only="true" />
      <a className="sb-hub-link" href={`${hubOrigin}/explore`}>Paid Content Hub <span aria-hidden="true">↗</span></a>
    </div>
  );
}
