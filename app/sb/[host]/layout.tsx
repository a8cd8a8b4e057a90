import type { ReactNode } from "react";
import Link from "next/link";
import { blogPageContext } from "@/lib/blog/blog-page-context";
import "@/components/blog/blog.css";

// The chrome of every page of a hosted blog, on the blog's own origin: its name, no hub navigation.
export default async function BlogLayout({ children, params }: { children: ReactNode; params: Promise<{ host: string }> }) {
  const blog = await blogPageContext((await params).host);
  return (
    <div className="sb">
      <header className="sb-top"><Link href="/" className="sb-brand">{blog.site.name}</Link></header>
      <main className="sb-main" id="main">{children}</main>
      <footer className="sb-foot"><p>Paid with USDC over x402. Agents: <a href="/svc.json">/svc.json</a></p></footer>
    </div>
  );
}
