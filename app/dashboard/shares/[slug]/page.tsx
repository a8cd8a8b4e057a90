import type { Metadata } from "next";
import Link from "next/link";
import { AccessControlForm } from "@/components/dashboard/access-control-form";
import { CopyLinkButton } from "@/components/dashboard/copy-link-button";
import { DailyChart } from "@/components/dashboard/daily-chart";
import { DashboardNav } from "@/components/dashboard/dashboard-nav";
import { EntitlementActions } from "@/components/dashboard/entitlement-actions";
import { ShareActions } from "@/components/dashboard/share-actions";
import { SignInPrompt } from "@/components/dashboard/sign-in-prompt";
import { readPageSession } from "@/lib/auth/read-page-session";
import { getAccessControl } from "@/lib/quickshare/get-access-control";
import { listMyShares } from "@/lib/quickshare/list-my-shares";
import { shareSeries } from "@/lib/quickshare/share-series";
import { isSlug } from "@/lib/schemas/quickshare";

export const metadata: Metadata = { title: "Manage share" };

const priceText = (p: string | null) => (p === null ? "same as price" : p === "0" ? "Free" : `${p} USDC`);

export default async function ManageSharePage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string>> }) {
  const [{ slug }, sp, session] = await Promise.all([params, searchParams, readPageSession()]);
  if (!session) return (<><h1>Manage share</h1><SignInPrompt what="manage this share" /></>);
  const share = isSlug(slug) ? (await listMyShares({ owner: session.wallet })).shares.find((s) => s.slug === slug) : undefined;
  if (!share) {
    return (
      <>
        <h1>Manage share</h1>
        <DashboardNav current="/dashboard" />
        <p className="empty">You own no share at <code>/qs/{slug}</code>. It may have a new link now; see <Link href="/dashboard">your shares</Link>.</p>
      </>
    );
  }
  const [ac, series] = await Promise.all([getAccessControl({ slug, owner: session.wallet }), shareSeries({ slug, owner: session.wallet })]);
  const revoked = share.status === "revoked";
  return (
    <>
      <p className="small"><Link href="/dashboard">← Your shares</Link></p>
      <h1>{share.title}</h1>
      {sp.created && <p role="status" className="notice ok">Share created. Copy its link and send it to your readers.</p>}
      {sp.reslugged && <p role="status" className="notice ok">New link ready: <code>/qs/{slug}</code>. The old link <code>/qs/{sp.reslugged}</code> no longer works.</p>}
      <div className="share-head">
        <p>
          <span className={`badge status-${share.status}`}>{share.status}</span>{" "}
          {!share.publicAccess && <span className="badge">invite-only</span>}{" "}
          <span className="muted">expires <time dateTime={share.expiresAt}>{share.expiresAt.replace("T", " ").slice(0, 16)} UTC</time></span>
        </p>
        {!revoked && (
          <p className="share-link">
            <a href={`/qs/${share.slug}`} data-testid="share-link">/qs/{share.slug}</a> <CopyLinkButton path={`/qs/${share.slug}`} />
          </p>
        )}
      </div>
      <ul className="stats" aria-label="Share totals">
        <li><strong>{priceText(share.price)}</strong> price</li>
        <li><strong>{share.viewCount}</strong> views</li>
        <li><strong data-testid="unlock-count">{share.unlockCount}</strong> unlocks</li>
        <li><strong>{share.revenue} USDC</strong> revenue</li>
        <li><strong>{share.mediaCount}</strong> media files</li>
      </ul>
      <ShareActions slug={share.slug} revoked={revoked} />

      <section aria-labelledby="numbers-h" data-testid="share-numbers">
        <h2 id="numbers-h">Numbers, last 30 days</h2>
        <p className="muted small">
          {series.totals.views} views · {series.totals.unlocks} unlocks · {series.totals.revenue} USDC paid, {series.totals.net} USDC to you after the hub&apos;s fee
        </p>
        <DailyChart id="share" daily={series.daily} title={`Views and unlocks, ${series.range.from} to ${series.range.to}`} />
      </section>

      <section aria-labelledby="ent-h">
        <h2 id="ent-h">Readers with access</h2>
        <p className="muted small">Revoke: the wallet loses access and may buy again. Ban: no access and no new purchase. Restore: back to active.</p>
        {ac.entitlements.length === 0 ? (
          <p className="empty">Nobody has unlocked this share yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="responsive-table">
              <caption className="sr-only">Entitlements</caption>
              <thead><tr><th scope="col">Wallet</th><th scope="col">Status</th><th scope="col">Source</th><th scope="col">Changed</th><th scope="col">Actions</th></tr></thead>
              <tbody>
                {ac.entitlements.map((e) => (
                  <tr key={e.wallet} data-wallet={e.wallet}>
                    <td data-label="Wallet"><code className="wallet">{e.wallet}</code></td>
                    <td data-label="Status"><span className={`badge status-${e.status}`}>{e.status}</span></td>
                    <td data-label="Source">{e.source}</td>
                    <td data-label="Changed"><time dateTime={e.updatedAt}>{e.updatedAt.replace("T", " ").slice(0, 16)}</time></td>
                    <td data-label="Actions">{revoked ? "—" : <EntitlementActions base={`/quickshare/${share.slug}/entitlements/${e.wallet}`} wallet={e.wallet} status={e.status} />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="ac-h">
        <h2 id="ac-h">Price and invite list</h2>
        <AccessControlForm
          slug={share.slug}
          disabled={revoked}
          value={{ price: ac.price, whitelistPrice: ac.whitelistPrice, publicAccess: ac.publicAccess, whitelist: ac.whitelist, accessPolicy: ac.accessPolicy }}
        />
      </section>
    </>
  );
}
