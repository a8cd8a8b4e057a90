import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { cache } from "react";
import { isAddressEqual, type Address } from "viem";
import { PaywallLinks } from "@/components/reader/paywall-core";
import { ShareBody } from "@/components/reader/share-body";
import { SvcMeta } from "@/components/svc-meta";
import { hubChainConfig } from "@/lib/chain/browser-config";
import { env } from "@/lib/env";
import { keepPage, takeHandoff } from "@/lib/edge/handoff";
import { pageRequest } from "@/lib/http/page-request";
import type { ShareRow } from "@/lib/quickshare/find-share";
import { sharePageData } from "@/lib/quickshare/share-page-data";
import { readerStatusLabel } from "@/lib/quickshare/share-status";
import { countShareView } from "@/lib/quickshare/share-views";
import { SHARE_HANDOFF } from "@/lib/quickshare/share-page-route";
import "@/components/reader/reader.css";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ wallet?: string | string[] }> };

// One access decision per request, shared by the metadata and the page, on the share row the request
// edge read for this request's status when it handed one over (lib/edge/handoff.ts).
const load = cache(async (slug: string, wallet: string | null) => {
  const { session, now, headers } = await pageRequest();
  const handed = takeHandoff<{ slug: string; share: ShareRow | null }>(headers, SHARE_HANDOFF);
  const data = await sharePageData({ slug, held: handed?.slug === slug ? handed.share : undefined, claim: wallet, sessionWallet: session?.wallet ?? null, now });
  // A reader's view of a live share counts (its owner's own look does not), here and on every kept copy served.
  const viewed = data.share && data.status === "active" && !(session && isAddressEqual(session.wallet as Address, data.share.ownerWallet as Address)) ? data.share.id : null;
  if (viewed) countShareView(viewed);
  // No session: this page is every anonymous reader's (lib/edge/page-cache.ts), until an active share expires.
  if (!session && data.state !== "redirect") {
    keepPage(headers, { until: data.share && data.status === "active" ? data.share.expiresAt : undefined, onHit: viewed ? () => countShareView(viewed) : undefined });
  }
  return data;
});
const claimOf = (w: string | string[] | undefined) => (typeof w === "string" && w ? w : null);

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const data = await load((await params).slug, claimOf((await searchParams).wallet));
  const title = data.share ? data.share.title : data.state === "gone" ? "Share revoked" : "Share not found";
  return { title: `${title} · Quickshare`, description: data.share ? data.share.summary || data.share.title : undefined, robots: { index: false, follow: false } };
}

// GET /qs/<slug> (browsers) — the share page from the same access decision as the API; the request edge (lib/quickshare/share-edge.ts) routes agents to the access route and sets 404/410/419
export default async function SharePage({ params, searchParams }: Props) {
  const data = await load((await params).slug, claimOf((await searchParams).wallet));
  if (data.state === "redirect") return redirect(data.url);
  if (data.state === "not-found") return <Gone title="No share lives at this link." text="It may never have existed, or it is not published yet." />;
  if (data.state === "gone") return <Gone title="This share was revoked by its owner." text="Its content has been deleted from this hub." />;
  const { share, urls, price, access, status } = data;
  const paywall = {
    chain: hubChainConfig(),
    accessPath: new URL(urls.access).pathname,
    proofId: share.id,
    currency: share.currency,
    token: data.token,
    gateway: data.gateway,
    balanceUrl: "/quickshare/gateway/balance",
    authBase: "/auth" as const,
    walletPage: `/qs/${share.slug}/unlock`,
  };
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: share.title,
    description: share.summary || undefined,
    url: urls.page,
    identifier: share.slug,
    genre: share.contentType,
    dateCreated: share.createdAt.toISOString(),
    expires: share.expiresAt.toISOString(),
    isAccessibleForFree: share.priceAtomic === 0n && share.publicAccess,
    image: data.cover ?? undefined,
    offers: { "@type": "Offer", price, priceCurrency: share.currency, url: urls.access, availability: status === "active" ? "https://schema.org/InStock" : "https://schema.org/Discontinued" },
    subjectOf: { "@type": "DataDownload", encodingFormat: "application/json", contentUrl: urls.manifest },
  };
  return (
    <div id="share" className="share-page" data-svc-resource={urls.access} data-svc-title={share.title} data-svc-price={price} data-svc-path={`/qs/${share.slug}`}
      data-svc-manifest={urls.manifest} data-svc-id={share.id} data-svc-currency={share.currency} data-svc-status={status} data-svc-state={data.state} data-svc-rpc={env.PUBLIC_RPC_URL}>
      <SvcMeta title={share.title} contentType={share.contentType} price={price} currency={share.currency} status={status} access={access}
        manifest={urls.manifest} manifestTitle="Quickshare manifest" page={urls.page} summary={share.summary} image={data.cover} jsonLd={jsonLd} />
      <div className="share-head">
        <p>
          <span className="badge">{share.contentType}</span> <span className="badge" id="qs-status-badge">{readerStatusLabel(status)}</span>
          {!share.publicAccess && <> <span className="badge">invite-only</span></>}
        </p>
        <h1>{share.title}</h1>
        {share.summary && <p className="summary muted">{share.summary}</p>}
        <p className="price-tag" id="qs-price">{share.priceAtomic === 0n ? "Free" : `${price} ${share.currency}`}</p>
        <p className="muted">Expires {share.expiresAt.toUTCString()}</p>
        {data.cover && <img className="cover" src={`/quickshare/${share.slug}/cover`} alt={`Preview of ${share.title}`} width={480} />}{/* eslint-disable-line @next/next/no-img-element */}
      </div>
      {data.state === "granted" && data.grant && <ShareBody body={data.grant} />}
      {data.state === "charge" && <PaywallLinks {...paywall} mode="pay" priceAtomic={data.amountAtomic} />}
      {data.state === "expired" && (
        <>
          <section className="reader-panel"><h2>This share has expired</h2><p className="muted">No new unlocks. Readers who unlocked it before can still read it after signing in with their wallet.</p></section>
          <div id="share-signin" className="reader-panel"><p>Unlocked it before?</p><PaywallLinks {...paywall} mode="sign-in" priceAtomic={null} /></div>
        </>
      )}
      {data.state === "denied" && data.deny && (
        <section className="reader-panel" aria-labelledby="qs-deny-h">
          <h2 id="qs-deny-h">{data.deny.invite ? "Invite-only" : "Access denied"}</h2>
          <p>{data.deny.details}</p>
          {!data.deny.possessed && <PaywallLinks {...paywall} mode="sign-in" priceAtomic={null} signInLabel={`Sign in with ${data.deny.invite ? "an invited" : "your"} wallet`} />}
        </section>
      )}
    </div>
  );
}

function Gone({ title, text }: { title: string; text: string }) {
  return (
    <section className="reader-panel">
      <h1>{title}</h1>
      <p className="muted">{text}</p>
      <p><Link href="/">Paid Content Hub</Link></p>
    </section>
  );
}
