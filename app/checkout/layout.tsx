import type { ReactNode } from "react";
import { WalletProviders } from "@/components/providers";

// The checkout signs with a wallet, so it (and only pages like it) carries the wallet stack.
export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return <WalletProviders>{children}</WalletProviders>;
}
