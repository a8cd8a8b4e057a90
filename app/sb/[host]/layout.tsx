import type { ReactNode } from "react";
import Link from "next/link";
import { BlogAccount } from "@/components/blog/blog-account";
import { blogPageContext } from "@/lib/blog/blog-page-context";
import { env } from "@/lib/env";
import { walletName } from "@/lib/sites/wallet-names";
import "@/components/blog/blog.css";

// The chrome of every page of a hosted blog, on the blog's own origin: its name, the reader's blog
// session and connected wallet, and one link back to the hub (no hub navigation).
export default async function BlogLayout({ children, params }: { children: ReactNode; params: Promise<{ host: string }> }) {
  const blog = await blogPageContext((await params).host);
  const wallet = blog.session?.wallet ?? null;
  return (
    <div className="sb">
      <header className="sb-top">
        <Link href="/" className="sb-brand">{blog.site.name}</Link>
        <BlogAccount wallet={wallet} walletName={await walletName(wallet)} hubOrigin={env.HUB_ORIGIN} />
      </header>
      <main className="sb-main" id="main">{children}</main>
      <footer className="sb-foot"><p>Paid with USDC over x402. Agents: <a href="/svc.json">/svc.json</a></p></footer>
    </div>
  );
}
