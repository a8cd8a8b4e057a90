import type { Metadata } from "next";
import Link from "next/link";
import { SignInPrompt } from "@/components/dashboard/sign-in-prompt";
import { Stars } from "@/components/stars";
import { readPageSession } from "@/lib/auth/read-page-session";
import { walletPurchases, type Purchase } from "@/lib/ledger/wallet-purchases";

export const metadata: Metadata = { title: "My purchases" };

const KIND: Record<Purchase["kind"], string> = { bought: "Bought", tipped: "Tipped", rated: "Rated" };
const WHAT: Record<string, string> = { content: "item", blogpost: "post", quickshare: "share" };

function Detail({ p }: { p: Purchase }) {
  if (p.kind === "rated") return <Stars average={Number(p.detail)} />;
  const amount = p.amount === null ? "" : `${p.amount} USDC`;
  const status = p.status && p.status !== "settled" ? ` · ${p.status}` : "";
  return <span>{amount}{status}</span>;
}

// GET /purchases — the signed-in wallet's purchases, tips and ratings, with receipts and links to read again
export default async function PurchasesPage() {
  const session = await readPageSession();
  if (!session) {
    return (
      <>
        <h1>My purchases</h1>
        <SignInPrompt what="see what you bought, tipped and rated" owner="Your purchases belong to your wallet and are shown to it alone." />
      </>
    );
  }
  const { items, totals } = await walletPurchases({ wallet: session.wallet });
  return (
    <>
      <h1>My purchases</h1>
      <p className="muted">What <code>{session.wallet}</code> bought, tipped and rated on this hub, newest first.</p>
      <ul className="stats" aria-label="Your totals">
        <li><strong>{totals.bought}</strong> {totals.bought === 1 ? "purchase" : "purchases"} · {totals.spent} USDC</li>
        <li><strong>{totals.tipped}</strong> {totals.tipped === 1 ? "tip" : "tips"} · {totals.tips} USDC</li>
        <li><strong>{totals.rated}</strong> {totals.rated === 1 ? "rating" : "ratings"}</li>
      </ul>
      {items.length === 0 ? (
        <p className="empty">Nothing yet. Find something to read on <Link href="/explore">Explore</Link>; what you buy with this wallet is listed here with its receipt.</p>
      ) : (
        <div className="table-wrap">
          <table className="responsive-table" data-testid="purchases">
            <caption className="sr-only">Your purchases, tips and ratings</caption>
            <thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Title</th><th scope="col">Amount</th><th scope="col">Receipt</th></tr></thead>
            <tbody>
              {items.map((p, i) => (
                <tr key={`${p.kind}-${p.at}-${i}`} data-kind={p.kind}>
                  <td data-label="When"><time dateTime={p.at}>{p.at.replace("T", " ").slice(0, 16)}</time></td>
                  <td data-label="What"><span>{KIND[p.kind]}{p.kind === "bought" && p.detail ? ` ${WHAT[p.detail] ?? ""}` : ""}</span></td>
                  <td data-label="Title">{p.url ? <a href={p.url}>{p.title}</a> : <span>{p.title} <span className="muted small">(no longer online)</span></span>}</td>
                  <td data-label="Amount"><Detail p={p} /></td>
                  <td data-label="Receipt">
                    {p.receiptUrl ? <a href={p.receiptUrl}>receipt</a> : p.txHash ? <Link href={`/ledger/tx/${p.txHash}`}>transaction</Link> : <span className="muted">—</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
