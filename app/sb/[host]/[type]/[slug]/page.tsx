import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { DocumentView } from "@/components/reader/document-view";
import { Paywall } from "@/components/reader/paywall";
import { ShareBody } from "@/components/reader/share-body";
import { SvcMeta } from "@/components/svc-meta";
import { blogPageContext } from "@/lib/blog/blog-page-context";
import { countPostView } from "@/lib/blog/post-views";
import { postPageData } from "@/lib/blog/post-page-data";
import { hubChainConfig } from "@/lib/chain/browser-config";
import { env } from "@/lib/env";
import { keepPage } from "@/lib/edge/handoff";
import { pageRequest } from "@/lib/http/page-request";
import { paywallPass } from "@/lib/passes/paywall-pass";

type Props = { params: Promise<{ host: string; type: string; slug: string }> };

// One access decision per request, shared by the metadata and the page.
const load = cache(async (host: string, type: string, slug: string) => {
  const blog = await blogPageContext(host);
  const { now, headers } = await pageRequest();
  return { blog, headers, data: await postPageData({ blog, path: `/${type}/${slug}`, now }) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { host, type, slug } = await params;
  const { blog, data } = await load(host, type, slug);
  if (!data.post) return { title: { absolute: `Post not found · ${blog.site.name}` } };
  return { title: { absolute: `${data.post.title} · ${blog.site.name}` }, description: data.post.summary || data.post.title };
}

// GET /<type>/<slug> (blog origin) — the post: body, or teaser, document preview and the paywall
export default async function PostPage({ params }: Props) {
  const { host, type, slug } = await params;
  const { blog, headers, data } = await load(host, type, slug);
  if (data.state === "not-found") return notFound();
  const { post, urls, price, access } = data;
  const view = { siteId: blog.site.id, postId: post.id };
  if (!blog.admin) countPostView(view);
  // No blog session: every anonymous reader's page (lib/edge/page-cache.ts), each still a view.
  if (!blog.session) keepPage(headers, { onHit: () => countPostView(view) });
  const accessUrl = new URL(urls.access);
  const pass = data.state === "charge" ? await paywallPass(blog, post) : null;
  const paywall = {
    chain: hubChainConfig(),
    accessPath: accessUrl.pathname + accessUrl.search,
    proofId: data.proofId,
    currency: post.currency,
    token: data.token,
    gateway: data.gateway,
    balanceUrl: `${env.HUB_ORIGIN}/quickshare/gateway/balance`,
    authBase: "/api/auth" as const,
    sessionWallet: blog.session?.wallet ?? null,
  };
  const jsonLd = {
    "@context": "https://schema.org", "@type": "BlogPosting", headline: post.title, description: post.summary || undefined, url: urls.page, identifier: post.id,
    genre: post.type, datePublished: post.publishedAt?.toISOString(), image: post.coverUrl ?? undefined, isAccessibleForFree: access === "free",
    isPartOf: { "@type": "Blog", name: blog.site.name, url: `${blog.origin}/` },
    offers: { "@type": "Offer", price, priceCurrency: post.currency, url: urls.access },
    subjectOf: { "@type": "DataDownload", encodingFormat: "application/json", contentUrl: urls.manifest },
  };
  return (
    <article id="share" className="sb-post" data-svc-resource={urls.access} data-svc-title={post.title} data-svc-price={price} data-svc-path={data.path}
      data-svc-manifest={urls.manifest} data-svc-id={post.id} data-svc-currency={post.currency} data-svc-status="published" data-svc-state={data.state} data-svc-rpc={env.PUBLIC_RPC_URL}>
      <SvcMeta title={post.title} contentType={post.type} price={price} currency={post.currency} status="published" access={access}
        manifest={urls.manifest} manifestTitle="Post manifest" page={urls.page} summary={post.summary} image={post.coverUrl} jsonLd={jsonLd} />
      <header className="sb-post-head">
        <p className="sb-meta">
          <span className="badge">{post.type}</span> <span className={`badge badge-${access}`}>{access}</span>
          {post.publishedAt && <> <time dateTime={post.publishedAt.toISOString()}>{post.publishedAt.toISOString().slice(0, 10)}</time></>}
        </p>
        <h1 className="sb-title">{post.title}</h1>
        {post.summary && <p className="sb-lede">{post.summary}</p>}
        <p className="sb-price" id="qs-price">{post.priceAtomic === 0n ? "Free" : `${price} ${post.currency}`}</p>
        {post.coverUrl && <img className="sb-cover" src={post.coverUrl} alt={`Cover of ${post.title}`} />}{/* eslint-disable-line @next/next/no-img-element */}
      </header>
      {data.state === "granted" && data.grant && (
        <>
          <ShareBody body={data.grant} />
          {post.externalVideoUrl && <p><a className="qs-doc" href={post.externalVideoUrl} rel="noopener noreferrer">Watch the video</a></p>}
          <DocumentView doc={data.grant.document} />
        </>
      )}
      {data.state !== "granted" && <DocumentView doc={data.preview} />}
      {data.state === "charge" && <Paywall {...paywall} mode="pay" priceAtomic={data.amountAtomic} pass={pass} />}
      {data.state === "denied" && data.deny && (
        <>
          <section className="reader-panel"><h2>{data.deny.invite ? "Invite-only" : "Access denied"}</h2><p>{data.deny.details}</p></section>
          <Paywall {...paywall} mode="sign-in" priceAtomic={post.priceAtomic === 0n ? null : post.priceAtomic.toString()} lead={data.deny.invite ? "Invited? Connect the invited wallet and sign in." : undefined} />
        </>
      )}
    </article>
  );
}
