import type { Metadata } from "next";
import Link from "next/link";
import { HeldTips } from "@/components/reader/held-tips";

export const metadata: Metadata = { title: "My held tips" };

// GET /tip/held?domain= — the connected wallet's held tips for a domain, with refunds
export default async function HeldTipsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { domain } = await searchParams;
  return (
    <>
      <h1>My held tips</h1>
      <HeldTips key={domain ?? ""} initialDomain={domain ?? ""} />
      <p><Link href="/tip">← Tip a page</Link></p>
    </>
  );
}
