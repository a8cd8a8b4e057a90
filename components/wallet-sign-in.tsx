"use client";

import { WalletProviders } from "./providers";
import { SignInButton } from "./sign-in-button";

/** The header's wallet controls with their wallet stack: loaded only when a page or a visitor needs them. */
export function WalletSignIn({ openOnLoad }: { openOnLoad: boolean }) {
  return (
    <WalletProviders>
      <SignInButton openOnLoad={openOnLoad} />
    </WalletProviders>
  );
}
