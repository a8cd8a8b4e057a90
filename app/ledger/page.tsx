import type { Metadata } from "next";
import Link from "next/link";
import { getAddress } from "viem";
import { Pager } from "@/components/pager";
import { canonicalDomain } from "@/lib/chain/predict";
import { WalletName } from "@/components/wallet-name";
import { listActivities } from "@/lib/ledger/list-activities";
import { walletNames } from "@/lib/sites/wallet-names";
import { LEDGER_FILTERS, ledgerQuery } from "@/lib/schemas/ledger";
import { headers } from "next/headers";
import { keepPage } from "@/lib/edge/handoff";

export const metadata: Metadata = { title: "Ledger" };

const short = (w: string | null) => (w ? `${w.slice(0, 6)}…${w.slice(-4)}` : "—");
const PAGE_SIZES = ["25", "50", "100"];
const nameOf = (names: Map<string, string>, w: string | null) => (w ? (names.get(getAddress(w)) ?? null) : null);
const KIND_LABELS: Record<(typeof LEDGER_FILTERS)[number], string> = {
  views: "Views", unlocks: "Unlocks", payments: "Payments", ratings: "Ratings", tips: "Tips", quickshare: "Quickshare",
};

function validDomain(d: string | undefined) {
  if (!d) return true;
  try {
    canonicalDomain(d);
    return true;
  } catch {
    return false;
  }
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
type Totals = Awaited<ReturnType<typeof listActivities>>["totals"];

/** A filtered list shows its own totals, with the hub's count beside them; an unfiltered one the hub's. */
function TotalsList({ totals: t, hubTotal }: { totals: Totals; hubTotal: number | null }) {
  return (
    <ul className="stats" aria-label={hubTotal === null ? "Totals" : "Totals for these filters"} data-testid="ledger-totals">
      <li><strong>{t.total}</strong> {plural(t.total, "activity", "activities")}{hubTotal !== null && <span className="muted"> of {hubTotal} on this hub</span>}</li>
      <li><strong>{t.payments}</strong> {plural(t.payments, "payment", "payments")}</li>
      <li><strong>{t.tips}</strong> {plural(t.tips, "tip", "tips")}</li>
      <li><strong>{t.ratings}</strong> {plural(t.ratings, "rating", "ratings")}</li>
      <li><strong>{t.quickshareUnlocks}</strong> quickshare {plural(t.quickshareUnlocks, "unlock", "unlocks")}</li>
    </ul>
  );
}

export default async function LedgerPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  // Public reads and the URL alone: an anonymous reader's render may be kept (lib/hub/discovery-pages.ts).
  keepPage(await headers());
  const raw = await searchParams;
  // The page pages by skip (its pager links); an API cursor in the address is ignored.
  const parsed = ledgerQuery.safeParse({ ...raw, cursor: undefined, limit: raw.limit || "25", type: raw.type || undefined, domain: raw.domain?.trim() || undefined });
  const badDomain = parsed.success && !validDomain(parsed.data.domain);
  const query = parsed.success && !badDomain ? parsed.data : ledgerQuery.parse({ limit: "25" });
  const page = await listActivities(query);
  const names = await walletNames(page.activities.map((a) => a.payerWallet ?? a.walletAddress));
  const filtered = Boolean(query.type || query.domain);
  return (
    <>
      <h1>Public ledger</h1>
      <p className="muted">Every view, unlock, payment, rating, tip and quickshare unlock on this hub, newest first. Quickshare rows never show which share.</p>
      <form className="filters" method="get" action="/ledger" aria-label="Filter the ledger">
        <div className="field">
          <label htmlFor="ledger-type">Kind</label>
          <select id="ledger-type" name="type" defaultValue={query.type ?? ""}>
            <option value="">All</option>
            {LEDGER_FILTERS.map((f) => <option key={f} value={f}>{KIND_LABELS[f]}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ledger-domain">Domain</label>
          <input id="ledger-domain" name="domain" defaultValue={query.domain ?? raw.domain ?? ""} placeholder="example.com" />
        </div>
        <div className="field">
          <label htmlFor="ledger-limit">Rows per page</label>
          <select id="ledger-limit" name="limit" defaultValue={String(query.limit)}>
            {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </div>
        <button className="btn" type="submit">Filter</button>
        {filtered && <Link href="/ledger">Clear filters</Link>}
      </form>
      {(!parsed.success || badDomain) && <p role="alert" className="error">Those filters are not valid (a kind from the list, a domain like example.com); showing everything.</p>}
      <TotalsList totals={page.filteredTotals ?? page.totals} hubTotal={page.filteredTotals ? page.totals.total : null} />
      {page.activities.length === 0 ? (
        <p className="empty">No activity{filtered ? " matches these filters" : " yet"}.</p>
      ) : (
        <div className="table-wrap">
          <table className="responsive-table">
            <caption className="sr-only">Ledger rows</caption>
            <thead><tr><th scope="col">When</th><th scope="col">Kind</th><th scope="col">What</th><th scope="col">Amount</th><th scope="col">Wallet</th><th scope="col">Transaction</th></tr></thead>
            <tbody>
              {page.activities.map((a) => (
                <tr key={a.id}>
                  <td data-label="When"><time dateTime={a.timestamp}>{a.timestamp.replace("T", " ").slice(0, 19)}</time></td>
                  <td data-label="Kind"><span>{a.type}{a.subkind ? ` · ${a.subkind}` : ""}</span></td>
                  <td data-label="What">{a.contentUrl ? <a href={a.contentUrl}>{a.contentTitle || a.contentUrl}</a> : a.domain ? <Link href={`/ledger?domain=${encodeURIComponent(a.domain)}`}>{a.domain}</Link> : "—"}</td>
                  <td data-label="Amount" className={a.amount < 0 ? "error" : undefined}><span>{a.amount !== 0 ? `${a.amount} ${a.currency}` : "—"}{a.protocolFee ? ` (fee ${a.protocolFee})` : ""}</span></td>
                  <td data-label="Wallet"><WalletName wallet={a.payerWallet ?? a.walletAddress} name={nameOf(names, a.payerWallet ?? a.walletAddress)} /></td>
                  <td data-label="Transaction">{a.txHash ? <Link href={`/ledger/tx/${a.txHash}`} title={a.txHash}><code>{short(a.txHash)}</code></Link> : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager path="/ledger" params={{ type: query.type, domain: query.domain, limit: String(query.limit) }} skip={query.skip} limit={query.limit} hasMore={page.hasMore} count={page.activities.length} />
    </>
  );
}
