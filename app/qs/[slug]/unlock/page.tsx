import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getAddress } from "viem";
import { ShareSignIn } from "@/components/reader/share-sign-in";
import { ShareUnlock } from "@/components/reader/share-unlock";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { findShare } from "@/lib/quickshare/find-share";
import { shareStatus } from "@/lib/quickshare/share-status";

export const metadata: Metadata = { title: "Unlock a share", robots: { index: false, follow: false } };

// GET /qs/<slug>/unlock — the share page's pay action and (?signin=1) its wallet sign-in (wagmi + RainbowKit)
export default async function UnlockSharePage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ signin?: string }> }) {
  const { slug } = await params;
  const { signin } = await searchParams;
  const share = await findShare({ slug });
  if (!share || share.status === "draft") notFound();
  const status = shareStatus(share, new Date());
  const free = share.priceAtomic === 0n;
  const payHref = !free && status === "active" ? `/qs/${share.slug}/unlock` : undefined;
  // Invite-only free shares have nothing to pay: signing in with an invited wallet is the only way in.
  const signIn = signin === "1" || (free && !share.publicAccess);
  const lead = !share.publicAccess
    ? "Invited? Connect the invited wallet and sign in: the hub checks the invite list."
    : "Bought it before with this wallet (in another browser)? Connect it and sign in: no new payment.";
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
      {status === "revoked" ? (
        <section className="reader-panel" role="alert"><h2>This share was revoked</h2><p>No new unlocks; its content was deleted.</p></section>
      ) : status !== "active" ? (
        <>
          <section className="reader-panel" role="alert"><h2>This share has expired</h2><p>No new unlocks. Readers who unlocked it before can still read it after signing in.</p></section>
          <ShareSignIn slug={share.slug} shareId={share.id} lead="Unlocked it before? Connect that wallet and sign in." />
        </>
      ) : signIn ? (
        <ShareSignIn slug={share.slug} shareId={share.id} lead={lead} payHref={payHref} />
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
