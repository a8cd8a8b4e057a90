import type { Metadata } from "next";
import { Pager } from "@/components/pager";
import { listActivities } from "@/lib/ledger/list-activities";
import { LEDGER_FILTERS, ledgerQuery } from "@/lib/schemas/ledger";

export const metadata: Metadata = { title: "Ledger" };

const short = (w: string | null) => (w ? `${w.slice(0, 6)}…${w.slice(-4)}` : "—");

export default async function LedgerPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  const raw = await searchParams;
  const parsed = ledgerQuery.safeParse({ ...raw, limit: raw.limit ?? "25" });
  const query = parsed.success ? parsed.data : ledgerQuery.parse({ limit: "25" });
  const page = await listActivities(query);
  return (
    <>
      <h1>Public ledger</h1>
      <p className="muted">Every view, unlock, payment, rating, tip and quickshare unlock on this hub, newest first. Quickshare rows never show which share.</p>
      <form className="filters" method="get" action="/ledger">
        <label>Kind{" "}
          <select name="type" defaultValue={query.type ?? ""}>
            <option value="">All</option>
            {LEDGER_FILTERS.map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </label>
        <label>Domain <input name="domain" defaultValue={query.domain ?? ""} placeholder="example.com" /></label>
        <button className="btn" type="submit">Filter</button>
      </form>
      <ul className="stats" aria-label="Totals">
        <li><strong>{page.totals.total}</strong> activities</li>
        <li><strong>{page.totals.payments}</strong> payments</li>
        <li><strong>{page.totals.tips}</strong> tips</li>
        <li><strong>{page.totals.ratings}</strong> ratings</li>
      </ul>
      {page.activities.length === 0 ? (
        <p className="empty">No activity{query.type || query.domain ? " matches these filters" : " yet"}.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Ledger rows</caption>
            <thead><tr><th scope="col">When</th><th scope="col">Kind</th><th scope="col">What</th><th scope="col">Amount</th><th scope="col">Wallet</th><th scope="col">Transaction</th></tr></thead>
            <tbody>
              {page.activities.map((a) => (
                <tr key={a.id}>
                  <td><time dateTime={a.timestamp}>{a.timestamp.replace("T", " ").slice(0, 19)}</time></td>
                  <td>{a.type}{a.subkind ? ` · ${a.subkind}` : ""}</td>
                  <td>{a.contentUrl ? <a href={a.contentUrl}>{a.contentTitle || a.contentUrl}</a> : (a.domain ?? "—")}</td>
                  <td className={a.amount < 0 ? "error" : undefined}>{a.amount !== 0 ? `${a.amount} ${a.currency}` : "—"}{a.protocolFee ? ` (fee ${a.protocolFee})` : ""}</td>
                  <td><code>{short(a.payerWallet ?? a.walletAddress)}</code></td>
                  <td>{a.txHash ? <code title={a.txHash}>{short(a.txHash)}</code> : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager path="/ledger" params={{ type: query.type, domain: query.domain, limit: String(query.limit) }} skip={query.skip} limit={query.limit} hasMore={page.hasMore} />
    </>
  );
}
