import type { Metadata } from "next";
import Link from "next/link";
import { CopyLinkButton } from "@/components/dashboard/copy-link-button";
import { DailyChart, type Series } from "@/components/dashboard/daily-chart";
import { DashboardNav } from "@/components/dashboard/dashboard-nav";
import { SignInPrompt } from "@/components/dashboard/sign-in-prompt";
import { WalletName } from "@/components/wallet-name";
import { readPageSession } from "@/lib/auth/read-page-session";
import { ApiError } from "@/lib/http/errors";
import { creatorEarnings, type Earning } from "@/lib/ledger/creator-earnings";
import { walletNames } from "@/lib/sites/wallet-names";
import { creatorPassSales } from "@/lib/passes/creator-pass-sales";
import { listMyShares } from "@/lib/quickshare/list-my-shares";
import { shareDashboard } from "@/lib/quickshare/share-dashboard";
import { dashboardQuery } from "@/lib/schemas/quickshare";

export const metadata: Metadata = { title: "Creator dashboard" };

const short = (w: string | null) => (w ? `${w.slice(0, 6)}…${w.slice(-4)}` : "—");
const priceText = (p: string) => (p === "0" ? "Free" : `${p} USDC`);
const EARNING_SERIES: Series[] = [
  { key: "sales", label: "Sales", color: "#1d4ed8" },
  { key: "tips", label: "Tips", color: "#0f766e" },
];
const WHAT: Record<string, string> = { content: "Sale of an item", blogpost: "Sale of a post", quickshare: "Sale of a share", pass: "Sale of a pass" };
const describe = (e: Earning) => (e.kind === "sale" ? (WHAT[e.what] ?? "Sale") : e.kind === "tip" ? `Tip (${e.what})` : `Tip held for ${e.what}`);

/** Every sale and tip of the creator: totals, a daily chart over the dashboard's range, the latest with links. */
function Earnings({ earnings, range, names }: { earnings: Awaited<ReturnType<typeof creatorEarnings>>; range: { from: string; to: string }; names: Map<string, string> }) {
  const t = earnings.totals;
  return (
    <section aria-labelledby="earnings-h">
      <h2 id="earnings-h">Everything you earned</h2>
      <p className="muted small">Sales of your shares, blog posts and site items, and tips, net of the hub&apos;s fee; held tips wait for you to claim them under <Link href="/dashboard/sites">Sites and tips</Link>.</p>
      <ul className="stats" aria-label="Earnings totals" data-testid="earnings-totals">
        <li><strong>{t.revenue} USDC</strong> earned</li>
        <li><strong>{t.sales}</strong> {t.sales === 1 ? "sale" : "sales"} · {t.salesRevenue} USDC</li>
        <li><strong>{t.tips}</strong> {t.tips === 1 ? "tip" : "tips"} · {t.tipRevenue} USDC</li>
        <li><strong>{t.held}</strong> held {t.held === 1 ? "tip" : "tips"} · {t.heldAmount} USDC</li>
      </ul>
      <DailyChart id="earnings" daily={earnings.daily} series={EARNING_SERIES} title={`Sales and tips, ${range.from} to ${range.to}`} />
      {earnings.items.length === 0 ? (
        <p className="empty">No sales or tips yet. Sell with a <Link href="/dashboard/new">share</Link>, a post on your hosted blog, or your own site through the hub.</p>
      ) : (
        <div className="table-wrap">
          <table className="responsive-table" data-testid="earnings">
            <caption className="sr-only">Latest sales and tips</caption>
            <thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Item</th><th scope="col">Amount</th><th scope="col">You receive</th><th scope="col">From</th></tr></thead>
            <tbody>
              {earnings.items.map((e, i) => (
                <tr key={`${e.at}-${i}`} data-kind={e.kind}>
                  <td data-label="When"><time dateTime={e.at}>{e.at.replace("T", " ").slice(0, 16)}</time></td>
                  <td data-label="What"><span>{describe(e)}</span></td>
                  <td data-label="Item">{e.url ? <a href={e.url}>{e.title}</a> : <span>{e.title}</span>}</td>
                  <td data-label="Amount"><span>{e.amount} USDC{e.receiptUrl && <> · <a href={e.receiptUrl}>receipt</a></>}</span></td>
                  <td data-label="You receive"><span>{e.kind === "held-tip" ? "on claim" : `${e.net} USDC`}</span></td>
                  <td data-label="From"><WalletName wallet={e.payer} name={names.get(e.payer) ?? null} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Passes sold on the creator's hosted blogs: who bought, what they paid, the period each purchase added. */
function PassesSold({ sales }: { sales: Awaited<ReturnType<typeof creatorPassSales>> }) {
  if (sales.length === 0) return null;
  return (
    <section aria-labelledby="passes-h">
      <h2 id="passes-h">Passes sold</h2>
      <div className="table-wrap">
        <table className="responsive-table" data-testid="passes-sold">
          <caption className="sr-only">Passes sold on your blogs, newest first</caption>
          <thead><tr><th scope="col">Blog</th><th scope="col">Buyer</th><th scope="col">Amount</th><th scope="col">Starts</th><th scope="col">Ends</th></tr></thead>
          <tbody>
            {sales.map((s) => (
              <tr key={s.paymentId}>
                <td data-label="Blog"><span>{s.domain}</span></td>
                <td data-label="Buyer"><code>{short(s.buyer)}</code></td>
                <td data-label="Amount"><span>{s.amount} USDC · <a href={s.receiptUrl}>receipt</a></span></td>
                <td data-label="Starts"><time dateTime={s.startsAt}>{s.startsAt.slice(0, 10)}</time></td>
                <td data-label="Ends"><time dateTime={s.endsAt}>{s.endsAt.slice(0, 10)}</time></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The chart's range from ?from=&to= (UTC days); a bad range falls back to the last 30 days with a note. */
async function loadBoard(owner: string, raw: Record<string, string>) {
  const parsed = dashboardQuery.safeParse({ from: raw.from || undefined, to: raw.to || undefined });
  if (parsed.success) {
    try {
      return { board: await shareDashboard({ owner, ...parsed.data }), rangeError: null };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return { board: await shareDashboard({ owner }), rangeError: `That range does not work: ${err.details}. Showing the last 30 days.` };
    }
  }
  return { board: await shareDashboard({ owner }), rangeError: "Dates must look like 2026-01-31." };
}

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  const [session, raw] = await Promise.all([readPageSession(), searchParams]);
  if (!session) {
    return (
      <>
        <h1>Creator dashboard</h1>
        <SignInPrompt what="run your shares and sites" />
      </>
    );
  }
  const [{ board, rangeError }, mine] = await Promise.all([loadBoard(session.wallet, raw), listMyShares({ owner: session.wallet })]);
  const earnings = await creatorEarnings({ wallet: session.wallet, from: board.range.from, to: board.range.to });
  const [names, passSales] = await Promise.all([walletNames(earnings.items.map((e) => e.payer)), creatorPassSales({ wallet: session.wallet })]);
  return (
    <>
      <h1>Creator dashboard</h1>
      <p className="muted">Signed in as <code>{session.wallet}</code>.</p>
      <DashboardNav current="/dashboard" />
      <form className="filters" method="get" action="/dashboard" aria-label="Chart range">
        <div className="field"><label htmlFor="range-from">From</label><input id="range-from" type="date" name="from" defaultValue={board.range.from} /></div>
        <div className="field"><label htmlFor="range-to">To</label><input id="range-to" type="date" name="to" defaultValue={board.range.to} /></div>
        <button className="btn" type="submit">Show</button>
        {(raw.from || raw.to) && <Link href="/dashboard">Last 30 days</Link>}
      </form>
      {rangeError && <p role="alert" className="error">{rangeError}</p>}
      <Earnings earnings={earnings} range={board.range} names={names} />
      <PassesSold sales={passSales} />

      <section aria-labelledby="shares-h">
        <div className="section-head">
          <h2 id="shares-h">Your shares</h2>
          <Link className="btn" href="/dashboard/new">New share</Link>
        </div>
        <ul className="stats" aria-label="Lifetime totals of your shares">
          <li><strong>{board.lifetime.shares}</strong> shares ({board.lifetime.activeShares} active)</li>
          <li><strong>{board.lifetime.views}</strong> views</li>
          <li><strong>{board.lifetime.unlocks}</strong> unlocks</li>
          <li><strong>{board.lifetime.revenue} USDC</strong> revenue</li>
        </ul>
        <DailyChart daily={board.daily} title={`Share views and unlocks, ${board.range.from} to ${board.range.to}`} />
        {mine.shares.length === 0 ? (
          <p className="empty">No shares yet. <Link href="/dashboard/new">Create your first share</Link>: a text, image, recording or file behind a price or an invite list.</p>
        ) : (
          <div className="table-wrap">
            <table className="responsive-table">
              <caption className="sr-only">Your shares, newest first</caption>
              <thead>
                <tr><th scope="col">Title</th><th scope="col">Status</th><th scope="col">Price</th><th scope="col">Views</th><th scope="col">Unlocks</th><th scope="col">Revenue</th><th scope="col">Link</th></tr>
              </thead>
              <tbody>
                {mine.shares.map((s) => (
                  <tr key={s.id} data-slug={s.slug}>
                    <td data-label="Title"><span><Link href={`/dashboard/shares/${s.slug}`}>{s.title}</Link>{!s.publicAccess && <> <span className="badge">invite-only</span></>}</span></td>
                    <td data-label="Status"><span className={`badge status-${s.status}`}>{s.status}</span></td>
                    <td data-label="Price"><span>{priceText(s.price)}{s.whitelistPrice !== null && <span className="muted small"> · listed {priceText(s.whitelistPrice)}</span>}</span></td>
                    <td data-label="Views">{s.viewCount}</td>
                    <td data-label="Unlocks">{s.unlockCount}</td>
                    <td data-label="Revenue">{s.revenue} USDC</td>
                    <td data-label="Link">{s.status === "revoked" ? <span className="muted">—</span> : <CopyLinkButton path={`/qs/${s.slug}`} />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="recent-h">
        <h2 id="recent-h">Recent activity</h2>
        {board.recent.length === 0 ? (
          <p className="empty">No views or unlocks yet.</p>
        ) : (
          <ul className="activity">
            {board.recent.map((r, i) => (
              <li key={`${r.at}-${i}`}>
                <time dateTime={r.at}>{r.at.replace("T", " ").slice(0, 16)}</time>{" "}
                {r.kind === "unlock" ? <strong>Unlock</strong> : "View"} of <Link href={`/dashboard/shares/${r.slug}`}>{r.title}</Link>
                {r.wallet && <> by <code>{short(r.wallet)}</code></>}
                {r.amount > 0 && <> · {r.amount} USDC</>}
                {r.txHash && <> · <Link href={`/ledger/tx/${r.txHash}`}>transaction</Link></>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
