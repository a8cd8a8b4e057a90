import type { ReactNode } from "react";
import { WalletProviders } from "@/components/providers";

// This page acts with a wallet, so it (and only pages like it) carries the wallet stack.
export default function ShareUnlockLayout({ children }: { children: ReactNode }) {
  return <WalletProviders>{children}</WalletProviders>;
}
