import type { Metadata } from "next";
import { ClaimTipsButton } from "@/components/dashboard/claim-tips-button";
import { DashboardNav } from "@/components/dashboard/dashboard-nav";
import { FacilitatorKeys } from "@/components/dashboard/facilitator-keys";
import { OpenBlogForm } from "@/components/dashboard/open-blog-form";
import { RegisterSiteForm } from "@/components/dashboard/register-site-form";
import { SignInPrompt } from "@/components/dashboard/sign-in-prompt";
import { SiteSecret } from "@/components/dashboard/site-secret";
import { VerifySiteForm } from "@/components/dashboard/verify-site-form";
import { readPageSession } from "@/lib/auth/read-page-session";
import { blogOrigin } from "@/lib/blog/blog-origin";
import { env } from "@/lib/env";
import { facilitatorUrl } from "@/lib/facilitator/facilitator-url";
import { listFacilitatorKeys } from "@/lib/facilitator/list-facilitator-keys";
import { formatUsdc, parseUsdc, splitFee } from "@/lib/money";
import { listSiteSales } from "@/lib/sites/list-site-sales";
import { listSites } from "@/lib/sites/list-sites";
import { HELD_FEE_BPS } from "@/lib/tips/fees";
import { listHeld } from "@/lib/tips/list-held";

export const metadata: Metadata = { title: "Sites and tips" };

const short = (w: string) => `${w.slice(0, 6)}…${w.slice(-4)}`;

export default async function SitesPage() {
  const session = await readPageSession();
  if (!session) return (<><h1>Sites and tips</h1><SignInPrompt what="register your sites and claim tips" /></>);
  const { sites } = await listSites({ wallet: session.wallet });
  const held = await Promise.all(sites.map((s) => listHeld({ domain: s.domain, limit: 20 }).catch(() => null)));
  const sales = await Promise.all(sites.map((s) => listSiteSales({ siteId: s.id })));
  const keys = await Promise.all(sites.map((s) => (s.hosted ? null : listFacilitatorKeys({ siteId: s.id, wallet: session.wallet }))));
  return (
    <>
      <h1>Sites and tips</h1>
      <DashboardNav current="/dashboard/sites" />
      <p className="muted">
        Register the domains you publish on and prove they are yours. A verified site’s pages appear in explore, get paid to your wallet,
        and tips readers left while it was unverified wait for you in the domain’s holding box.
      </p>
      <section aria-labelledby="blogs-h">
        <h2 id="blogs-h">Hosted blogs</h2>
        <p className="muted">A blog this hub hosts on its own origin: write posts in its editor, sell them with the same paywall, and they appear in explore.</p>
        <OpenBlogForm rootDomain={env.BLOG_ROOT_DOMAIN} />
        {sites.some((s) => s.hosted) && (
          <ul className="link-list" data-testid="hosted-blogs">
            {sites.filter((s) => s.hosted).map((s) => (
              <li key={s.id}>
                <strong>{s.name || s.domain}</strong> at <a href={blogOrigin(s.domain)}>{blogOrigin(s.domain)}</a> · <a href={`${blogOrigin(s.domain)}/admin`}>editor</a> · {s.contentCount} listed posts
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="register-h">
        <h2 id="register-h">Register a site</h2>
        <RegisterSiteForm />
      </section>
      <section aria-labelledby="mysites-h">
        <h2 id="mysites-h">Your sites</h2>
        {sites.length === 0 && <p className="empty">No sites yet. Register a domain above, then prove it with a file, a meta tag or the widget.</p>}
        {sites.map((site, i) => {
          const h = held[i];
          const grossAtomic = h ? parseUsdc(h.totalAmount) : 0n;
          const { fee, net } = splitFee(grossAtomic, HELD_FEE_BPS);
          return (
            <article key={site.id} className="card site-card" aria-labelledby={`site-${site.id}`} data-domain={site.domain}>
              <header className="section-head">
                <h3 id={`site-${site.id}`}>{site.name || site.domain} <span className="muted small">{site.domain}</span></h3>
                <span className={`badge ${site.verified ? "badge-ok" : ""}`}>{site.verificationStatus}{site.verificationSource ? ` · ${site.verificationSource}` : ""}</span>
              </header>
              {site.lastVerifiedAt && <p className="small muted">Last proven <time dateTime={site.lastVerifiedAt}>{site.lastVerifiedAt.slice(0, 10)}</time>. {site.contentCount} content items.</p>}
              <details open={!site.verified}>
                <summary>{site.verified ? "Verification details, site key and secret" : "How to verify this site"}</summary>
                <ol className="steps">
                  <li>
                    <strong>Owner file</strong>: serve <code>{site.verification.ownerLink.fileUrl}</code> containing your wallet <code className="wallet">{site.verification.ownerLink.fileContent.trim()}</code>
                    , or put this tag in your home page’s <code>&lt;head&gt;</code>:
                    <pre><code>{site.verification.ownerLink.metaTag}</code></pre>
                  </li>
                  <li>
                    <strong>Widget</strong>: add this script to a page of the site (it also reports views and sells content):
                    <pre><code>{site.verification.widget.snippet}</code></pre>
                  </li>
                  <li>Then choose the proof and press <em>Verify now</em>.</li>
                </ol>
                <SiteSecret siteId={site.id} domain={site.domain} siteKey={site.siteKey} beforeSplit={site.secretIssuedBeforeSplit} />
                <VerifySiteForm siteId={site.id} domain={site.domain} />
              </details>
              <section aria-label={`Sales on ${site.domain}`} className="sales">
                <h4>Sales</h4>
                {sales[i]!.length === 0 ? (
                  <p className="muted">No sales yet.</p>
                ) : (
                  <div className="table-wrap">
                    <table className="responsive-table">
                      <caption className="sr-only">Latest sales on {site.domain}</caption>
                      <thead><tr><th scope="col">When</th><th scope="col">Page</th><th scope="col">From</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead>
                      <tbody>
                        {sales[i]!.map((p) => (
                          <tr key={p.id}>
                            <td data-label="When"><time dateTime={p.createdAt}>{p.createdAt.slice(0, 10)}</time></td>
                            <td data-label="Page">{p.url ? <a href={p.url}>{p.url}</a> : <span className="muted">—</span>}</td>
                            <td data-label="From"><code>{short(p.payer)}</code></td>
                            <td data-label="Amount"><span>{p.amount} USDC{p.fee !== "0" && <span className="muted small"> (fee {p.fee})</span>}</span></td>
                            <td data-label="Status"><a href={`/hub/receipts/${p.id}`}>{p.status}</a></td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </section>
              {keys[i] && (
                <section aria-label={`Sell on ${site.domain} itself`} className="facilitator">
                  <h4>Sell on your own server</h4>
                  <p className="small muted">
                    Run the stock x402 middleware on {site.domain} with the facilitator <code>{facilitatorUrl()}</code> and a key from here
                    (README, “Sell on your own site”). {site.verified ? "" : "The facilitator serves the site once it is verified."}
                  </p>
                  <FacilitatorKeys siteId={site.id} domain={site.domain} keys={keys[i]!.keys} />
                </section>
              )}
              <section aria-label={`Tips held for ${site.domain}`} className="held">
                <h4>Held tips</h4>
                {!h ? (
                  <p className="error">Held tips could not be read for this domain.</p>
                ) : site.verified ? (
                  <ClaimTipsButton siteId={site.id} domain={site.domain} count={h.total} gross={formatUsdc(grossAtomic)} fee={formatUsdc(fee)} net={formatUsdc(net)} />
                ) : (
                  <p className="muted">{h.total > 0 ? `${h.total} tips (${formatUsdc(grossAtomic)} USDC) are held; verify the site to claim them.` : "No tips are held for this domain."}</p>
                )}
                {h && h.tips.length > 0 && (
                  <div className="table-wrap">
                    <table className="responsive-table">
                      <caption className="sr-only">Held tips for {site.domain}</caption>
                      <thead><tr><th scope="col">When</th><th scope="col">Page</th><th scope="col">From</th><th scope="col">Amount</th></tr></thead>
                      <tbody>
                        {h.tips.map((t) => (
                          <tr key={t.id}>
                            <td data-label="When"><time dateTime={t.createdAt}>{t.createdAt.slice(0, 10)}</time></td>
                            <td data-label="Page"><a href={t.contentUrl}>{t.title || t.contentUrl}</a></td>
                            <td data-label="From"><code>{short(t.payer)}</code></td>
                            <td data-label="Amount"><span>{t.held} USDC{t.pendingSettlement && <span className="muted small"> (settling)</span>}</span></td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </section>
            </article>
          );
        })}
      </section>
    </>
  );
}
