"use client";

import { WalletProviders } from "./providers";

/**
 * The header's wallet controls on a page without a wallet island: the wallet stack, loaded when the
 * visitor clicks "Connect Wallet"; it draws the controls into the header and opens the dialog.
 */
export function WalletSignIn() {
  return <WalletProviders openOnLoad />;
}
