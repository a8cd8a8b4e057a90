"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { callApi } from "@/components/dashboard/call-api";
import { EntitlementActions } from "@/components/dashboard/entitlement-actions";
import type { AdminPostData } from "@/lib/blog/admin-page-data";

type Balance = { wallet: string; available: string; locked: string; spendable: string; withdrawing: string };

/** One post's readers (entitlements: revoke, ban, restore) and a Gateway balance lookup for any depositor. */
export function PostAccessPanel({ post, walletOfAdmin }: { post: AdminPostData; walletOfAdmin: string }) {
  const id = useId();
  const router = useRouter();
  const [wallet, setWallet] = useState(walletOfAdmin);
  const [balance, setBalance] = useState<Balance | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function lookUp() {
    setBusy(true);
    setError(null);
    setBalance(null);
    try {
      setBalance(await callApi<Balance>(`/api/svc/gateway/balances?wallet=${encodeURIComponent(wallet.trim())}`));
    } catch (err) {
      setError((err as Error).message);
    }
    setBusy(false);
  }

  return (
    <section className="admin-panels" aria-label="Readers and balances">
      <section aria-labelledby={`${id}-ent-h`} className="field-group">
        <h2 id={`${id}-ent-h`}>Readers</h2>
        {post.entitlements.length === 0 ? (
          <p className="muted" data-testid="no-entitlements">No reader holds this post yet: wallets that pay, or read it free or from the whitelist, appear here.</p>
        ) : (
          <div className="table-wrap">
            <table className="admin-table" data-testid="entitlements">
              <thead><tr><th scope="col">Wallet</th><th scope="col">How</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
              <tbody>
                {post.entitlements.map((e) => (
                  <tr key={e.wallet}>
                    <td><code>{e.wallet}</code></td>
                    <td>{e.source}</td>
                    <td>{e.status}</td>
                    <td><EntitlementActions base={`/api/svc/posts/${post.id}/entitlements/${e.wallet}`} wallet={e.wallet} status={e.status} onDone={() => router.refresh()} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby={`${id}-bal-h`} className="field-group">
        <h2 id={`${id}-bal-h`}>Gateway balance</h2>
        <p className="small muted">USDC a wallet holds in Circle&apos;s Gateway Wallet, minus what pending batched payments have locked: what it can still spend on the gateway rail.</p>
        <form className="row-actions" onSubmit={(e) => { e.preventDefault(); void lookUp(); }}>
          <label htmlFor={`${id}-wallet`} className="sr-only">Depositor wallet</label>
          <input id={`${id}-wallet`} value={wallet} onChange={(e) => setWallet(e.target.value)} aria-describedby={error ? `${id}-bal-err` : undefined} />
          <button type="submit" className="btn btn-quiet" disabled={busy}>{busy ? "Reading the chain…" : "Check"}</button>
        </form>
        {error && <p id={`${id}-bal-err`} className="error small" role="alert">{error}</p>}
        {balance && (
          <dl className="balance" data-testid="gateway-balance">
            <dt>Available</dt><dd>{balance.available} USDC</dd>
            <dt>Locked by pending payments</dt><dd>{balance.locked} USDC</dd>
            <dt>Spendable</dt><dd>{balance.spendable} USDC</dd>
            <dt>Withdrawing</dt><dd>{balance.withdrawing} USDC</dd>
          </dl>
        )}
      </section>
    </section>
  );
}
