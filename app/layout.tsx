import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { HeaderSession } from "@/components/header-session";
import { SessionProvider } from "@/components/session-context";
import { readPageSession } from "@/lib/auth/read-page-session";
import { BLOG_ORIGIN_HEADER } from "@/lib/blog/blog-host";
import { hubChainConfig } from "@/lib/chain/browser-config";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Paid Content Hub", template: "%s · Paid Content Hub" },
  description: "Sell content on your own domain for USDC over x402. Readers pay from a wallet; agents pay with an HTTP client and a signer.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// The chain comes from server configuration and the session from the request's cookie, so the
// layout is rendered per request.
export const dynamic = "force-dynamic";

// No wallet code here: the session is read on the server and handed to the header; the wallet stack
// loads only in the islands that act with a wallet (WalletProviders), or when a visitor connects.
export default async function RootLayout({ children }: { children: ReactNode }) {
  // A hosted blog's pages (its own origin, rewritten to /sb/<domain>) bring their own chrome and
  // session (sb_auth_session): app/sb/[host]/layout.tsx.
  if ((await headers()).has(BLOG_ORIGIN_HEADER)) return <html lang="en"><body>{children}</body></html>;
  const session = await readPageSession();
  return (
    <html lang="en">
      <body>
        <SessionProvider me={session ? { wallet: session.wallet } : null} chain={hubChainConfig()}>
          <a className="skip-link" href="#main">Skip to content</a>
          <header className="site-header">
            <Link href="/" className="brand">Paid Content Hub</Link>
            <nav aria-label="Main">
              <Link href="/explore">Explore</Link>
              <Link href="/dashboard">Dashboard</Link>
              <Link href="/purchases">Purchases</Link>
              <Link href="/ledger">Ledger</Link>
              <Link href="/stats">Stats</Link>
              <Link href="/leaderboards">Leaderboards</Link>
              <Link href="/tip">Tip</Link>
              <a href="/api/openapi.json">API</a>
            </nav>
            <HeaderSession />
          </header>
          <main id="main">{children}</main>
          <footer className="site-footer">
            <p>Open-source, self-hosted. Payments in USDC over x402.</p>
          </footer>
        </SessionProvider>
      </body>
    </html>
  );
}
