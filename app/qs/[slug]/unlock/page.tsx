import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getAddress } from "viem";
import { Paywall } from "@/components/reader/paywall";
import { hubChainConfig } from "@/lib/chain/browser-config";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { findShare } from "@/lib/quickshare/find-share";
import { readerStatusLabel, shareStatus } from "@/lib/quickshare/share-status";
import { shareUrls } from "@/lib/quickshare/share-urls";

export const metadata: Metadata = { title: "Unlock a share", robots: { index: false, follow: false } };

// GET /qs/<slug>/unlock — the share page's wallet steps: the paywall inline (pay, or ?signin=1 sign in)
export default async function UnlockSharePage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ signin?: string }> }) {
  const { slug } = await params;
  const { signin } = await searchParams;
  const share = await findShare({ slug });
  if (!share || share.status === "draft") notFound();
  const status = shareStatus(share, new Date());
  const free = share.priceAtomic === 0n;
  // Invite-only free shares have nothing to pay: signing in with an invited wallet is the only way in.
  const signIn = signin === "1" || (free && !share.publicAccess);
  const lead = !share.publicAccess
    ? "Invited? Connect the invited wallet and sign in: the hub checks the invite list."
    : "Bought it before with this wallet (in another browser)? Connect it and sign in: no new payment.";
  const paywall = {
    chain: hubChainConfig(),
    accessPath: new URL(shareUrls(share.slug).access).pathname,
    proofId: share.id,
    currency: share.currency,
    token: getAddress(env.USDC_ADDRESS),
    gateway: getAddress(env.GATEWAY_WALLET_ADDRESS),
    balanceUrl: "/quickshare/gateway/balance",
    authBase: "/auth" as const,
    pageHref: `/qs/${share.slug}`,
  };
  return (
    <div className="share-head">
      <p>
        <span className="badge">{share.contentType}</span> <span className="badge">{readerStatusLabel(status)}</span>
        {!share.publicAccess && <> <span className="badge">invite-only</span></>}
      </p>
      <h1>{share.title}</h1>
      {share.summary && <p className="muted">{share.summary}</p>}
      <p className="price-tag">{free ? "Free" : `${formatUsdc(share.priceAtomic)} ${share.currency}`}</p>
      <p><a href={`/qs/${share.slug}`}>← Back to the share page</a></p>
      {status === "revoked" ? (
        <section className="reader-panel" role="alert"><h2>This share was revoked</h2><p>No new unlocks; its content was deleted.</p></section>
      ) : status !== "active" ? (
        <>
          <section className="reader-panel" role="alert"><h2>This share has expired</h2><p>No new unlocks. Readers who unlocked it before can still read it after signing in.</p></section>
          <Paywall {...paywall} mode="sign-in" priceAtomic={null} lead="Unlocked it before? Connect that wallet and sign in." />
        </>
      ) : free && !signIn ? (
        <section className="reader-panel"><p>This share costs nothing: read it on <a href={`/qs/${share.slug}`}>the share page</a>.</p></section>
      ) : (
        <Paywall {...paywall} mode={signIn ? "sign-in" : "pay"} priceAtomic={free ? null : share.priceAtomic.toString()} lead={lead} />
      )}
    </div>
  );
}
