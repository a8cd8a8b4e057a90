import type { Metadata } from "next";
import Link from "next/link";
import { getAddress } from "viem";
import { TipForm } from "@/components/reader/tip-form";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Tip a page" };

function hostnameOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

// GET /tip?url= — tip the creator of any page (settled at once, or held for its domain)
export default async function TipPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { url } = await searchParams;
  // The held-tips list is per domain: when this page was opened for a URL, link straight to its domain.
  const domain = hostnameOf(url);
  return (
    <>
      <h1>Tip a creator</h1>
      <p className="muted">Send USDC to whoever made a page. If the hub knows the page&apos;s owner, the tip settles at once; otherwise it is held for the domain until its owner verifies the site. You see the fee before your wallet asks you to sign.</p>
      <TipForm initialUrl={url ?? ""} token={getAddress(env.USDC_ADDRESS)} />
      <p><Link href={domain ? `/tip/held?domain=${encodeURIComponent(domain)}` : "/tip/held"}>{domain ? `My held tips for ${domain} →` : "My held tips →"}</Link></p>
    </>
  );
}
