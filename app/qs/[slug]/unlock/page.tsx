import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getAddress } from "viem";
import { ShareUnlock } from "@/components/reader/share-unlock";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { findShare } from "@/lib/quickshare/find-share";
import { shareStatus } from "@/lib/quickshare/share-status";

export const metadata: Metadata = { title: "Unlock a share", robots: { index: false, follow: false } };

// GET /qs/<slug>/unlock — the share page's pay action with the reader's wallet (wagmi + RainbowKit)
export default async function UnlockSharePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const share = await findShare({ slug });
  if (!share || share.status === "draft") notFound();
  const status = shareStatus(share, new Date());
  const free = share.priceAtomic === 0n;
  return (
    <div className="share-head">
      <p>
        <span className="badge">{share.contentType}</span> <span className="badge">{status}</span>
        {!share.publicAccess && <> <span className="badge">invite-only</span></>}
      </p>
      <h1>{share.title}</h1>
      {share.summary && <p className="muted">{share.summary}</p>}
      <p className="price-tag">{free ? "Free" : `${formatUsdc(share.priceAtomic)} ${share.currency}`}</p>
      <p><a href={`/qs/${share.slug}`}>← Back to the share page</a></p>
      {status !== "active" ? (
        <section className="reader-panel" role="alert"><h2>{status === "revoked" ? "This share was revoked" : "This share has expired"}</h2><p>No new unlocks.</p></section>
      ) : free ? (
        <section className="reader-panel"><p>This share costs nothing: read it on <a href={`/qs/${share.slug}`}>the share page</a>.</p></section>
      ) : (
        <ShareUnlock
          slug={share.slug}
          shareId={share.id}
          title={share.title}
          priceAtomic={share.priceAtomic.toString()}
          currency={share.currency}
          token={getAddress(env.USDC_ADDRESS)}
          gateway={getAddress(env.GATEWAY_WALLET_ADDRESS)}
        />
      )}
    </div>
  );
}
