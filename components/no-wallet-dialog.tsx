"use client";

import { useEffect, useRef } from "react";

/**
 * What a visitor without any browser wallet sees instead of a connect dialog that waits forever:
 * that no wallet was found, and the two ways forward — install one, or pay with any x402 client
 * (the command README documents). A native modal <dialog>: focus moves in, Escape closes it.
 */
export function NoWalletDialog({ onClose, payUrl, onUseDemo }: {
  onClose: () => void;
  /** What `npm run pay` would pay (default: this page); null where there is nothing to pay (the blog editor's sign-in). */
  payUrl?: string | null;
  onUseDemo?: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // showModal focuses the first focusable element (a link in the text): start on the way forward
  // instead, again when the demo wallets' offer arrives (they load just after hydration).
  const demoOffered = Boolean(onUseDemo);
  useEffect(() => {
    first.current?.focus();
  }, [demoOffered]);
  const url = payUrl ?? (typeof window === "undefined" ? "<url>" : payableUrl(window.location));
  return (
    <dialog ref={ref} className="no-wallet" aria-labelledby="no-wallet-h" onClose={onClose} data-testid="no-wallet">
      <h2 id="no-wallet-h">No wallet found</h2>
      <p>This browser has no Ethereum wallet, so there is nothing to connect.</p>
      {onUseDemo && (
        <p>
          <strong>Try it now with a demo wallet.</strong> This hub runs on a local test chain, so it offers demo wallets that sign with
          anvil&apos;s public development keys and hold test USDC only.{" "}
          <button ref={first} type="button" className="btn" onClick={onUseDemo} data-testid="use-demo-wallet">Use a demo wallet</button>
        </p>
      )}
      <p>{onUseDemo ? "Or, for real funds:" : payUrl === null ? "The way forward:" : "Two ways forward:"}</p>
      <ol>
        <li>
          <strong>Install a browser wallet</strong> (for example MetaMask, Rabby or Coinbase Wallet), then reload this page.
        </li>
        {payUrl !== null && <li>
          <strong>Pay with any x402 client</strong>, no browser wallet needed. With this hub&apos;s repository:
          <pre><code>npm run pay -- {url}</code></pre>
          Or any HTTP client that signs x402 payments; the <a href="/.well-known/llms.txt">agent guide</a> shows how.
        </li>}
      </ol>
      <form method="dialog">
        <button ref={onUseDemo ? undefined : first} type="submit" className="btn btn-quiet">Close</button>
      </form>
    </dialog>
  );
}

// A share's pay page (/qs/<slug>/unlock) pays for the share itself (/qs/<slug>).
function payableUrl(loc: Location) {
  const path = loc.pathname.replace(/^(\/qs\/[^/]+)\/unlock$/, "$1");
  return `${loc.origin}${path === "/" ? "/hub/pay" : path}`;
}
