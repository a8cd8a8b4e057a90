import "server-only";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { escapeHtml, renderShareBody } from "@/lib/quickshare/render-share-body";
import { STYLE } from "@/lib/quickshare/render-share-page";
import { SHARE_PAGE_SCRIPT } from "@/lib/quickshare/share-page-script";
import { BLOG_WALLET_SCRIPT } from "./blog-wallet-script";
import type { BlogContext } from "./blog-context";
import { buildPostGrant } from "./build-post-grant";
import type { PostDocument } from "./post-media";
import { findPostByPath, type PostRow } from "./find-post";
import { listPublishedPosts } from "./list-posts";
import { loadPostAccess } from "./load-post-access";
import { listPostMedia, postDocument } from "./post-media";
import { isOpenPost } from "./post-teaser";
import { postPath, postUrls } from "./post-urls";

const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
const og = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
const accessOf = (p: PostRow) => (isOpenPost(p) ? "free" : p.publicAccess ? "paid" : "invite-only");

/** GET / on a blog's origin: the server-rendered index of published posts, with the site manifest linked. */
export async function renderBlogIndex({ blog }: { blog: BlogContext }): Promise<Response> {
  const posts = await listPublishedPosts({ siteId: blog.site.id });
  const manifest = `${blog.origin}/svc.json`;
  const items = posts.map((p) => `<li class="panel" data-svc-resource="${escapeHtml(postUrls(blog.origin, p).access)}" data-svc-path="${escapeHtml(postPath(p))}">
<p><span class="badge">${escapeHtml(p.type)}</span><span class="badge">${escapeHtml(accessOf(p))}</span></p>
<h2><a href="${escapeHtml(postPath(p))}">${escapeHtml(p.title)}</a></h2>
${p.summary ? `<p class="summary">${escapeHtml(p.summary)}</p>` : ""}<p class="price">${p.priceAtomic === 0n ? "Free" : `${escapeHtml(formatUsdc(p.priceAtomic))} ${escapeHtml(p.currency)}`}</p></li>`);
  const head = [
    meta("description", blog.site.description || blog.site.name),
    meta("svc:title", blog.site.name),
    meta("svc:content-type", "site"),
    meta("svc:manifest", manifest),
    og("og:title", blog.site.name),
    og("og:type", "website"),
    og("og:url", `${blog.origin}/`),
    `<link rel="alternate" type="application/json" href="${escapeHtml(manifest)}" title="Site manifest">`,
    ld({
      "@context": "https://schema.org", "@type": "Blog", name: blog.site.name, url: `${blog.origin}/`, description: blog.site.description || undefined,
      blogPost: posts.map((p) => ({ "@type": "BlogPosting", headline: p.title, url: postUrls(blog.origin, p).page, isAccessibleForFree: isOpenPost(p) })),
      subjectOf: { "@type": "DataDownload", encodingFormat: "application/json", contentUrl: manifest },
    }),
  ].join("\n");
  const main = `<main id="blog" data-svc-manifest="${escapeHtml(manifest)}"><h1>${escapeHtml(blog.site.name)}</h1>
${blog.site.description ? `<p class="summary">${escapeHtml(blog.site.description)}</p>` : ""}
${posts.length ? `<ul style="list-style:none;padding:0">${items.join("\n")}</ul>` : `<p class="muted">No posts yet.</p>`}</main>`;
  return page({ blog, status: 200, title: blog.site.name, head, main, link: manifest });
}

/**
 * GET /<type>/<slug> on a blog's origin: the post page from the same access decision as the API.
 * Free posts (and readers entitled by their blog session) get the body; paid posts the teaser, the
 * document preview and the pay action (the share page's script, pointed at this post's access
 * route); drafts and unknown paths a 404 page. svc: meta tags, JSON-LD, manifest link and Link header.
 */
export async function renderPostPage({ blog, path, nonce = null }: { blog: BlogContext; path: string; nonce?: string | null }): Promise<Response> {
  const post = await findPostByPath({ siteId: blog.site.id, path });
  const ctx = await loadPostAccess({ post, sessionWallet: blog.session?.wallet ?? null, purpose: "access" });
  const { decision } = ctx;
  if (!post || decision.outcome === "not-found") {
    return page({ blog, status: 404, title: "Post not found", head: "", main: `<main><section class="panel"><h1>Post not found</h1><p class="muted">No published post lives at this address.</p><p><a href="/">${escapeHtml(blog.site.name)}</a></p></section></main>` });
  }
  const urls = postUrls(blog.origin, post);
  const price = formatUsdc(post.priceAtomic);
  let main: string;
  let state: string = decision.outcome;
  let status = 200;
  const pathOf = (u: string) => new URL(u).pathname + new URL(u).search;
  if (decision.outcome === "grant") {
    const grant = await buildPostGrant({ blog, post, via: decision.via, wallet: ctx.viewer.wallet, entitled: false, entitlementSource: null, liveProof: null });
    const body = renderShareBody({ content: grant.content, embeds: grant.media.items.filter((m) => m.kind !== "document").map((m) => ({ kind: m.kind, url: pathOf(m.url), fileName: m.fileName, contentType: m.contentType })) });
    state = "granted";
    main = `<article id="qs-content" class="qs-body">${body}${videoEmbed(post)}${documentHtml(grant.document)}</article>`;
  } else if (decision.outcome === "charge") {
    const media = await listPostMedia({ origin: blog.origin, post });
    const preview = await postDocument({ media, full: false });
    main = `${documentHtml(preview)}<section id="qs-paywall" class="panel" aria-labelledby="qs-pay-h">
<h2 id="qs-pay-h">Unlock for ${escapeHtml(formatUsdc(decision.amountAtomic))} ${escapeHtml(post.currency)}</h2>
<p class="muted">Pay once from your wallet (a signed USDC authorization, no gas). Agents: <code>GET ${escapeHtml(urls.access)}</code> answers 402 with an x402 challenge.</p>
<button type="button" class="btn" id="qs-pay">Pay ${escapeHtml(formatUsdc(decision.amountAtomic))} ${escapeHtml(post.currency)}</button>
<button type="button" class="btn btn-quiet" id="qs-signin">Bought it already? Sign in</button>
</section><article id="qs-content" class="qs-body" hidden></article>`;
  } else if (decision.outcome === "deny") {
    state = "denied";
    const invite = decision.code === "not-invited" || decision.code === "possession-required";
    if (!(decision.code === "not-invited" && !ctx.viewer.wallet)) status = 403; // an anonymous visit is a prompt, not a refusal
    main = `<section class="panel"><h2>${invite ? "Invite-only" : "Access denied"}</h2><p>${escapeHtml(invite ? "This post is for invited wallets only." : decision.details)}</p>
<button type="button" class="btn" id="qs-signin">Sign in with ${invite ? "an invited" : "your"} wallet</button></section><article id="qs-content" class="qs-body" hidden></article>`;
  } else {
    main = "";
  }
  const access = accessOf(post);
  const head = [
    meta("description", post.summary || post.title),
    meta("svc:title", post.title),
    meta("svc:content-type", post.type),
    meta("svc:price", price),
    meta("svc:currency", post.currency),
    meta("svc:status", "published"),
    meta("svc:access", access),
    meta("svc:manifest", urls.manifest),
    og("og:title", post.title),
    og("og:type", "article"),
    og("og:url", urls.page),
    post.summary ? og("og:description", post.summary) : "",
    post.coverUrl ? og("og:image", post.coverUrl) : "",
    `<link rel="alternate" type="application/json" href="${escapeHtml(urls.manifest)}" title="Post manifest">`,
    ld({
      "@context": "https://schema.org", "@type": "BlogPosting", headline: post.title, description: post.summary || undefined, url: urls.page, identifier: post.id,
      genre: post.type, datePublished: post.publishedAt?.toISOString(), image: post.coverUrl ?? undefined, isAccessibleForFree: access === "free",
      isPartOf: { "@type": "Blog", name: blog.site.name, url: `${blog.origin}/` },
      offers: { "@type": "Offer", price, priceCurrency: post.currency, url: urls.access },
      subjectOf: { "@type": "DataDownload", encodingFormat: "application/json", contentUrl: urls.manifest },
    }),
  ].filter(Boolean).join("\n");
  const body = `<main id="share" data-svc-resource="${escapeHtml(urls.access)}" data-svc-title="${escapeHtml(post.title)}" data-svc-price="${escapeHtml(price)}" data-svc-path="${escapeHtml(postPath(post))}" data-svc-access="${escapeHtml(pathOf(urls.access))}" data-svc-auth="/api/auth" data-svc-manifest="${escapeHtml(urls.manifest)}" data-svc-id="${escapeHtml(post.id)}" data-svc-currency="${escapeHtml(post.currency)}" data-svc-status="published" data-svc-state="${escapeHtml(state)}" data-svc-rpc="${escapeHtml(env.PUBLIC_RPC_URL)}">
<p><span class="badge">${escapeHtml(post.type)}</span>${post.publicAccess ? "" : `<span class="badge">invite-only</span>`}<span class="badge">${escapeHtml(post.tier)}</span></p>
<h1>${escapeHtml(post.title)}</h1>
${post.summary ? `<p class="summary">${escapeHtml(post.summary)}</p>` : ""}
<p class="price" id="qs-price">${post.priceAtomic === 0n ? "Free" : `${escapeHtml(price)} ${escapeHtml(post.currency)}`}</p>
${post.coverUrl ? `<img class="cover" src="${escapeHtml(post.coverUrl)}" alt="Cover of ${escapeHtml(post.title)}">` : ""}
${main}
<p id="qs-status" class="muted" role="status" aria-live="polite"></p>
</main>`;
  return page({ blog, status, title: post.title, head, main: body, link: urls.manifest, script: nonce ?? "" });
}

function videoEmbed(post: PostRow): string {
  return post.externalVideoUrl ? `<p><a class="qs-doc" href="${escapeHtml(post.externalVideoUrl)}" rel="noopener">Watch the video</a></p>` : "";
}

function documentHtml(doc: PostDocument | null): string {
  if (!doc) return "";
  const r = doc.render;
  let inner = "";
  if (r.kind === "sheet") inner = `<table class="sb-sheet">${(r.rows ?? []).map((row) => `<tr>${row.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`).join("")}</table>`;
  else if (r.kind === "text") inner = `<pre class="sb-text" style="white-space:pre-wrap">${escapeHtml(r.text)}</pre>`;
  const note = r.truncated ? `<p class="muted">Preview: ${r.kind === "sheet" ? `${r.rows.length} of ${r.totalRows} rows` : `${Array.from(r.text).length} of ${r.totalChars} characters`}. Unlock to read the whole document.</p>` : "";
  return `<section class="panel" id="sb-document" data-svc-truncated="${r.truncated}"><h2>${escapeHtml(doc.name)}</h2>${inner}${note}</section>`;
}

/** `script`: the CSP nonce of the request when the page carries the wallet scripts. */
function page({ blog, status, title, head, main, link, script }: { blog: BlogContext; status: number; title: string; head: string; main: string; link?: string; script?: string }): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(blog.site.name)}</title>
${head}
<style>${STYLE}</style>
</head>
<body>
<header class="qs-top"><a href="/">${escapeHtml(blog.site.name)}</a></header>
${main}
${script !== undefined ? `<script nonce="${escapeHtml(script)}">${SHARE_PAGE_SCRIPT}</script><script nonce="${escapeHtml(script)}">${BLOG_WALLET_SCRIPT}</script>` : ""}
</body>
</html>`;
  const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store", vary: "Cookie" };
  if (link) headers.link = `<${link}>; rel="alternate"; type="application/json"`;
  return new Response(html, { status, headers });
}
