import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { Hex } from "viem";
import { TX_HASH, transactionView } from "@/lib/ledger/transaction-view";

export const metadata: Metadata = { title: "Transaction" };

export default async function TransactionPage({ params }: { params: Promise<{ hash: string }> }) {
  const { hash } = await params;
  if (!TX_HASH.test(hash)) notFound();
  const tx = await transactionView({ hash: hash as Hex });
  return (
    <>
      <p className="small"><Link href="/ledger">← Public ledger</Link></p>
      <h1>Transaction</h1>
      <p><code className="wallet" data-testid="tx-hash">{tx.hash}</code></p>
      <p className="muted">
        On {tx.chainLabel}.{" "}
        {tx.explorerUrl ? <a href={tx.explorerUrl} rel="noopener noreferrer">Open in the block explorer</a> : "This hub has no block explorer configured (EXPLORER_URL)."}
      </p>

      <section aria-labelledby="chain-h">
        <h2 id="chain-h">On chain</h2>
        {tx.chain.found ? (
          <>
            <dl className="facts">
              <div><dt>Status</dt><dd><span className={`badge ${tx.chain.status === "success" ? "badge-ok" : "status-revoked"}`}>{tx.chain.status}</span></dd></div>
              <div><dt>Block</dt><dd>{tx.chain.blockNumber}</dd></div>
              <div><dt>Sent by</dt><dd><code className="wallet">{tx.chain.from}</code></dd></div>
              <div><dt>To contract</dt><dd><code className="wallet">{tx.chain.to ?? "—"}</code></dd></div>
            </dl>
            <h3>USDC transfers</h3>
            {tx.chain.transfers.length === 0 ? (
              <p className="empty">No USDC moved in this transaction.</p>
            ) : (
              <div className="table-wrap">
                <table>
                  <thead><tr><th scope="col">From</th><th scope="col">To</th><th scope="col">Amount</th></tr></thead>
                  <tbody>
                    {tx.chain.transfers.map((t, i) => (
                      <tr key={i}><td><code className="wallet">{t.from}</code></td><td><code className="wallet">{t.to}</code></td><td>{t.amount} USDC</td></tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        ) : (
          <p className="empty">{tx.chain.reason}</p>
        )}
      </section>

      <section aria-labelledby="rows-h">
        <h2 id="rows-h">Ledger rows</h2>
        {tx.activities.length === 0 ? (
          <p className="empty">The public ledger has no row for this transaction.</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead><tr><th scope="col">When</th><th scope="col">Kind</th><th scope="col">What</th><th scope="col">Amount</th></tr></thead>
              <tbody>
                {tx.activities.map((a) => (
                  <tr key={a.id}>
                    <td><time dateTime={a.timestamp}>{a.timestamp.replace("T", " ").slice(0, 19)}</time></td>
                    <td>{a.type}{a.subkind ? ` · ${a.subkind}` : ""}</td>
                    <td>{a.contentUrl ? <a href={a.contentUrl}>{a.contentTitle || a.contentUrl}</a> : (a.domain ?? "—")}</td>
                    <td>{a.amount !== 0 ? `${a.amount} ${a.currency}` : "—"}{a.protocolFee ? ` (fee ${a.protocolFee})` : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
