import "server-only";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { buildGrant } from "./build-grant";
import type { ShareRow } from "./find-share";
import { grantAccess } from "./grant-access";
import { loadAccess } from "./load-access";
import { escapeHtml, renderShareBody } from "./render-share-body";
import { SHARE_PAGE_SCRIPT } from "./share-page-script";
import { shareStatus } from "./share-status";
import { coverUrl, shareUrls } from "./share-urls";

export const STYLE = `
:root{--bg:#fbfbfd;--fg:#15161a;--muted:#4b5160;--line:#d9dce3;--accent:#1d4ed8;--err:#b42318;--card:#fff;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
*{box-sizing:border-box}body{margin:0;line-height:1.55}a{color:var(--accent)}
header.qs-top{padding:.75rem 1.25rem;border-bottom:1px solid var(--line);background:var(--card)}header.qs-top a{font-weight:700;color:var(--fg);text-decoration:none}
main{max-width:44rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
h1{font-size:clamp(1.5rem,4vw,2.2rem);margin:.4rem 0}.summary{color:var(--muted)}
.badge{display:inline-block;font-size:.75rem;border:1px solid var(--line);border-radius:999px;padding:0 .5rem;color:var(--muted);margin-right:.25rem}
.price{font-size:1.2rem;font-weight:600}.cover{display:block;max-width:100%;border-radius:.75rem;margin:1rem 0}
.panel{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem 1.25rem;margin:1.25rem 0}
.btn{display:inline-block;text-decoration:none;border:1px solid var(--accent);background:var(--accent);color:#fff;border-radius:.5rem;padding:.5rem 1rem;font:inherit;cursor:pointer;margin:.25rem .5rem .25rem 0}
.btn-quiet{background:transparent;color:var(--accent)}.btn[disabled]{opacity:.6;cursor:progress}
button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.qs-media{display:block;max-width:100%;margin:.75rem 0;border-radius:.5rem}.qs-attachments{border-top:1px solid var(--line);margin-top:1.5rem;padding-top:.75rem}
.error{color:var(--err)}.muted{color:var(--muted)}code{font-family:ui-monospace,Menlo,monospace;font-size:.9em;word-break:break-all}
`;

const STATUS_TEXT = { 404: "Not Found", 410: "Gone", 419: "Expired" } as const;

/**
 * GET /qs/<slug> for browsers (decisions.md #4): the server-rendered share page from the same
 * access decision as the API. Paywall, content (free, or an entitled session), invite-only and
 * denial pages carry the svc: meta tags, the manifest Link header and link element, JSON-LD and the
 * data-svc-* attributes; unknown/draft, revoked and expired shares get pages of their own (404, 410,
 * 419). Shares are private: every page is noindex.
 */
export async function renderSharePage({ slug, claim, sessionWallet, now = new Date(), nonce = null }: { slug: string; claim: string | null; sessionWallet: string | null; now?: Date; nonce?: string | null }): Promise<Response> {
  const ctx = await loadAccess({ slug, claim, sessionWallet, purpose: "access", now });
  const { share, decision, viewer } = ctx;
  if (decision.outcome === "redirect") return Response.redirect(decision.url, 302);
  if (!share || decision.outcome === "not-found") {
    return page(404, "Share not found", errorPanel("No share lives at this link.", "It may never have existed, or it is not published yet."));
  }
  if (decision.outcome === "gone") {
    return page(410, "Share revoked", errorPanel("This share was revoked by its owner.", "Its content has been deleted from this hub."));
  }

  let main: string;
  let status = 200;
  let state: string = decision.outcome;
  if (decision.outcome === "expired") {
    status = 419;
    main = `<section class="panel"><h2>This share has expired</h2><p class="muted">No new unlocks. Readers who unlocked it before can still read it after signing in with their wallet.</p></section>`
      + signInPanel(share.slug, "Unlocked it before?");
  } else if (decision.outcome === "grant") {
    if (decision.entitle && viewer.wallet) await grantAccess({ shareId: share.id, wallet: viewer.wallet, source: decision.entitle });
    const grant = await buildGrant({ share, via: decision.via, wallet: viewer.wallet, entitled: decision.issueProof, entitlementSource: decision.entitle ?? ctx.entitlementSource, liveProof: null, now });
    const pathOf = (u: string) => new URL(u).pathname + new URL(u).search;
    const body = renderShareBody({
      content: grant.content,
      embeds: grant.media.items.map((m) => ({ kind: m.kind, url: pathOf(m.url), fileName: m.fileName, contentType: m.contentType })),
    });
    state = "granted";
    main = `<article id="qs-content" class="qs-body">${body}</article>`;
  } else if (decision.outcome === "charge") {
    main = `<section id="qs-paywall" class="panel" aria-labelledby="qs-pay-h">
<h2 id="qs-pay-h">Unlock for ${escapeHtml(formatUsdc(decision.amountAtomic))} ${escapeHtml(share.currency)}</h2>
<p class="muted">Pay once from your wallet: a signed authorization drawn on your Gateway deposit (no gas), or a plain USDC transfer. Agents: <code>GET ${escapeHtml(shareUrls(share.slug).access)}</code> answers 402 with an x402 challenge.</p>
<a class="btn" id="qs-pay" href="/qs/${escapeHtml(share.slug)}/unlock">Pay ${escapeHtml(formatUsdc(decision.amountAtomic))} ${escapeHtml(share.currency)}</a>
<a class="btn btn-quiet" id="qs-signin" href="${signInHref(share.slug)}">Bought it already? Sign in</a>
</section><article id="qs-content" class="qs-body" hidden></article>`;
  } else {
    status = 403;
    state = "denied";
    const invite = decision.code === "not-invited" || decision.code === "possession-required";
    main = `<section class="panel" aria-labelledby="qs-deny-h"><h2 id="qs-deny-h">${invite ? "Invite-only" : "Access denied"}</h2>
<p>${escapeHtml(decision.details)}</p>${viewer.possessed ? "" : `<a class="btn" id="qs-signin" href="${signInHref(share.slug)}">Sign in with ${invite ? "an invited" : "your"} wallet</a>`}</section>`;
    if (decision.code === "not-invited" && !viewer.wallet) status = 200; // an anonymous visit is a prompt, not a refusal
  }

  return page(status, share.title, sharePage({ share, main, state, now }), share, now, nonce);
}

function sharePage({ share, main, state, now }: { share: ShareRow; main: string; state: string; now: Date }) {
  const price = formatUsdc(share.priceAtomic);
  const urls = shareUrls(share.slug);
  const status = shareStatus(share, now);
  const cover = share.coverStorageRef ? `<img class="cover" src="/quickshare/${escapeHtml(share.slug)}/cover" alt="Preview of ${escapeHtml(share.title)}" width="480">` : "";
  const priceText = share.priceAtomic === 0n ? "Free" : `${price} ${share.currency}`;
  return `<main id="share" data-svc-resource="${escapeHtml(urls.access)}" data-svc-title="${escapeHtml(share.title)}" data-svc-price="${escapeHtml(price)}" data-svc-path="/qs/${escapeHtml(share.slug)}" data-svc-manifest="${escapeHtml(urls.manifest)}" data-svc-id="${escapeHtml(share.id)}" data-svc-currency="${escapeHtml(share.currency)}" data-svc-status="${status}" data-svc-state="${escapeHtml(state)}" data-svc-rpc="${escapeHtml(env.PUBLIC_RPC_URL)}">
<p><span class="badge">${escapeHtml(share.contentType)}</span><span class="badge" id="qs-status-badge">${status}</span>${share.publicAccess ? "" : `<span class="badge">invite-only</span>`}</p>
<h1>${escapeHtml(share.title)}</h1>
${share.summary ? `<p class="summary">${escapeHtml(share.summary)}</p>` : ""}
<p class="price" id="qs-price">${escapeHtml(priceText)}</p>
<p class="muted">Expires ${escapeHtml(share.expiresAt.toUTCString())}</p>
${cover}
${main}
<p id="qs-status" class="muted" role="status" aria-live="polite"></p>
</main>`;
}

function errorPanel(title: string, text: string) {
  return `<main><section class="panel"><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p><p><a href="/">Paid Content Hub</a></p></section></main>`;
}

/** Sign-in happens on the wallet page (wagmi + RainbowKit); a plain link, so it works without JavaScript too. */
function signInHref(slug: string) {
  return `/qs/${escapeHtml(slug)}/unlock?signin=1`;
}

function signInPanel(slug: string, lead: string) {
  return `<div id="share-signin" class="panel"><p>${escapeHtml(lead)}</p><a class="btn" id="qs-signin" href="${signInHref(slug)}">Sign in with your wallet</a></div>`;
}

function head(share: ShareRow, now: Date) {
  const urls = shareUrls(share.slug);
  const price = formatUsdc(share.priceAtomic);
  const access = share.publicAccess ? (share.priceAtomic === 0n ? "free" : "paid") : "invite-only";
  const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  const og = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
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
    image: share.coverStorageRef ? coverUrl(share.slug) : undefined,
    offers: { "@type": "Offer", price, priceCurrency: share.currency, url: urls.access, availability: shareStatus(share, now) === "active" ? "https://schema.org/InStock" : "https://schema.org/Discontinued" },
    subjectOf: { "@type": "DataDownload", encodingFormat: "application/json", contentUrl: urls.manifest },
  };
  return [
    meta("description", share.summary || share.title),
    meta("svc:title", share.title),
    meta("svc:content-type", share.contentType),
    meta("svc:price", price),
    meta("svc:currency", share.currency),
    meta("svc:status", shareStatus(share, now)),
    meta("svc:access", access),
    meta("svc:manifest", urls.manifest),
    og("og:title", share.title),
    og("og:type", "article"),
    og("og:url", urls.page),
    share.summary ? og("og:description", share.summary) : "",
    share.coverStorageRef ? og("og:image", coverUrl(share.slug)) : "",
    `<link rel="alternate" type="application/json" href="${escapeHtml(urls.manifest)}" title="Quickshare manifest">`,
    // "<" escaped so no string in the data can close the script element.
    `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, "\\u003c")}</script>`,
  ].filter(Boolean).join("\n");
}

function page(status: number, title: string, main: string, share?: ShareRow, now = new Date(), nonce: string | null = null): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} · Quickshare</title>
${share ? head(share, now) : ""}
<style>${STYLE}</style>
</head>
<body>
<header class="qs-top"><a href="/">Paid Content Hub</a> <span class="muted">· Quickshare</span></header>
${main}
${share ? `<script nonce="${escapeHtml(nonce ?? "")}">${SHARE_PAGE_SCRIPT}</script>` : ""}
</body>
</html>`;
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "private, no-store",
    "x-robots-tag": "noindex, nofollow",
    vary: "Accept, Cookie",
  };
  if (share) headers.link = `<${shareUrls(share.slug).manifest}>; rel="alternate"; type="application/json"`;
  return new Response(html, { status, statusText: STATUS_TEXT[status as keyof typeof STATUS_TEXT], headers });
}
