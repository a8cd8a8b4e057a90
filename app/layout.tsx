import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { SignInButton } from "@/components/sign-in-button";
import { BLOG_ORIGIN_HEADER } from "@/lib/blog/blog-host";
import { hubChainConfig } from "@/lib/chain/browser-config";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Paid Content Hub", template: "%s · Paid Content Hub" },
  description: "Sell content on your own domain for USDC over x402. Readers pay from a wallet; agents pay with an HTTP client and a signer.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// The chain comes from server configuration at request time, so the layout is rendered per request.
export const dynamic = "force-dynamic";

export default async function RootLayout({ children }: { children: ReactNode }) {
  // A hosted blog's pages (its own origin, rewritten to /sb/<domain>) bring their own chrome: app/sb/[host]/layout.tsx.
  if ((await headers()).has(BLOG_ORIGIN_HEADER)) return <html lang="en"><body>{children}</body></html>;
  return (
    <html lang="en">
      <body>
        <Providers chain={hubChainConfig()}>
          <a className="skip-link" href="#main">Skip to content</a>
          <header className="site-header">
            <Link href="/" className="brand">Paid Content Hub</Link>
            <nav aria-label="Main">
              <Link href="/explore">Explore</Link>
              <Link href="/dashboard">Dashboard</Link>
              <Link href="/ledger">Ledger</Link>
              <Link href="/stats">Stats</Link>
              <Link href="/leaderboards">Leaderboards</Link>
              <Link href="/tip">Tip</Link>
              <a href="/api/openapi.json">API</a>
            </nav>
            <SignInButton />
          </header>
          <main id="main">{children}</main>
          <footer className="site-footer">
            <p>Open-source, self-hosted. Payments in USDC over x402.</p>
          </footer>
        </Providers>
      </body>
    </html>
  );
}
