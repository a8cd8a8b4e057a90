"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useHubSession } from "./session-context";
import { useMounted } from "./use-mounted";
import { HEADER_WALLET_SLOT, useHeaderIsland } from "./wallet-presence";

// The wallet stack (wagmi, RainbowKit) is a separate chunk, fetched when the visitor asks to connect;
// on a page with a wallet island (pay, tip, rate, unlock) that island draws the controls instead.
const WalletSignIn = dynamic(() => import("./wallet-sign-in").then((m) => m.WalletSignIn), {
  ssr: false,
  loading: () => (
    <div className="wallet-bar" aria-busy="true">
      <button type="button" className="btn" disabled>Connect Wallet</button>
    </div>
  ),
});

const short = (w: string) => `${w.slice(0, 6)}…${w.slice(-4)}`;

/**
 * The header's session: who is signed in, as the server rendered it (no request, no wallet code),
 * with "Sign out"; or a "Connect Wallet" button that loads the wallet controls and opens the dialog.
 * Where a wallet island is on the page, it renders the wallet controls into the slot below instead.
 */
export function HeaderSession() {
  const mounted = useMounted();
  const { me, signOut } = useHubSession();
  const island = useHeaderIsland();
  const [wanted, setWanted] = useState(false);

  return (
    <div className="header-wallet">
      {wanted && <WalletSignIn />}
      {!wanted && island === null && (
        <div className="wallet-bar" aria-busy={mounted ? undefined : "true"}>
          {me ? (
            <span className="signed-in" data-testid="signed-in">
              Signed in as <code>{short(me.wallet)}</code>{" "}
              <button type="button" className="btn btn-quiet" onClick={signOut} disabled={!mounted}>Sign out</button>
            </span>
          ) : (
            <button type="button" className="btn" onClick={() => setWanted(true)} disabled={!mounted}>Connect Wallet</button>
          )}
        </div>
      )}
      <div id={HEADER_WALLET_SLOT} className="header-wallet-slot" />
    </div>
  );
}
