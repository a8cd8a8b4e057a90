import type { Metadata } from "next";
import { SignInPrompt } from "@/components/dashboard/sign-in-prompt";
import { readPageSession } from "@/lib/auth/read-page-session";
import { isOperator } from "@/lib/ops/is-operator";
import { moneyInFlight, type InFlightPayment } from "@/lib/ops/money-in-flight";
import { retryPaymentAction } from "./actions";

export const metadata: Metadata = { title: "Operator view" };
export const dynamic = "force-dynamic";

const ago = (s: number) => (s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`);
const short = (w: string) => `${w.slice(0, 6)}…${w.slice(-4)}`;

function PaymentRows({ rows, retry }: { rows: InFlightPayment[]; retry?: boolean }) {
  if (rows.length === 0) return <p className="muted">None.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Payment</th><th>Rail</th><th>Status</th><th>Amount</th><th>Payer</th><th>Resource</th><th>Age</th>{retry && <><th>Reason</th><th /></>}
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => (
          <tr key={p.id} data-payment-id={p.id} data-status={p.status}>
            <td><code>{p.id}</code></td>
            <td>{p.rail}</td>
            <td>{p.status}</td>
            <td>{p.amount} USDC</td>
            <td><code title={p.payer}>{short(p.payer)}</code></td>
            <td><code>{p.resource}</code></td>
            <td>{ago(p.ageSeconds)}</td>
            {retry && (
              <>
                <td className="reason">{p.reason}</td>
                <td>
                  {p.rail !== "transfer" && (
                    <form action={retryPaymentAction}>
                      <input type="hidden" name="paymentId" value={p.id} />
                      <button type="submit">Retry</button>
                    </form>
                  )}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default async function OpsPage() {
  const session = await readPageSession();
  if (!session) {
    return (
      <>
        <h1>Operator view</h1>
        <SignInPrompt what="see money in flight" owner="The operator view is open to the wallets this hub names as operators (OPERATOR_WALLETS)." />
      </>
    );
  }
  if (!isOperator(session.wallet)) {
    return (
      <>
        <h1>Operator view</h1>
        <p role="alert">This page is for the hub&apos;s operator wallets (OPERATOR_WALLETS); <code>{session.wallet}</code> is not one of them.</p>
      </>
    );
  }
  const v = await moneyInFlight();
  const s = v.settler;
  return (
    <>
      <h1>Operator view</h1>
      <p className="muted">Money in flight on this {v.network} hub, as of {v.generatedAt}. The same as <code>npm run ops -- status</code>.</p>
      <ul className="stats" aria-label="Payments by status">
        <li><strong data-count="pending">{v.counts.pending}</strong> pending</li>
        <li><strong data-count="locked">{v.counts.locked}</strong> locked</li>
        <li><strong data-count="settling">{v.counts.settling}</strong> settling</li>
        <li><strong data-count="failed">{v.counts.failed}</strong> failed</li>
      </ul>

      <h2>Settler</h2>
      <dl aria-label="Settler">
        <dt>Leader</dt><dd data-settler-leader>{s.leader ?? "none (no live lease)"}</dd>
        <dt>Last pass</dt><dd>{s.lastPassAt ?? "—"}</dd>
        <dt>Next run</dt><dd>{s.nextRunAt ?? (s.intervalMs === 0 ? "in-app settler off (SETTLE_INTERVAL_MS=0)" : "—")}</dd>
        <dt>Last batch</dt>
        <dd>{s.lastBatch ? <><code>{s.lastBatch.id}</code> {s.lastBatch.status}, {s.lastBatch.itemCount} items{s.lastBatch.txHash && <> , tx <code>{s.lastBatch.txHash}</code></>}{s.lastBatch.error && <>, {s.lastBatch.error}</>} ({s.lastBatch.createdAt})</> : "none yet"}</dd>
      </dl>

      <h2>Gateway deposit index</h2>
      <dl aria-label="Gateway deposit index" data-deposit-index={v.depositIndex.current ? "current" : "behind"}>
        <dt>State</dt>
        <dd>{!v.depositIndex.enabled ? "off (GATEWAY_INDEX_INTERVAL_MS=0): every Gateway payment reads the chain" : v.depositIndex.current ? "current: Gateway payments check deposits here, without the chain" : `behind (more than ${v.depositIndex.maxLagMs} ms): Gateway payments read the chain`}</dd>
        <dt>Last block</dt><dd>{v.depositIndex.block ?? "—"}</dd>
        <dt>Last pass</dt><dd>{v.depositIndex.lastPassAt ? `${v.depositIndex.lastPassAt} (${v.depositIndex.lagSeconds} s ago)` : "—"}</dd>
        <dt>Follower</dt><dd>{v.depositIndex.leader ?? "none (no live lease)"}</dd>
      </dl>

      <h2>Failed payments</h2>
      <p className="small">Retry hands the signed authorization back to the settler, which checks the chain first: a payment can never be charged twice.</p>
      <section aria-label="Failed payments"><PaymentRows rows={v.failed} retry /></section>

      <h2>Unsettled payments</h2>
      <section aria-label="Unsettled payments"><PaymentRows rows={v.inFlight} /></section>

      <h2>Held tips</h2>
      {v.heldTips.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table aria-label="Held tips">
          <thead><tr><th>Domain</th><th>Tips</th><th>Held</th><th>Oldest</th></tr></thead>
          <tbody>
            {v.heldTips.map((t) => (
              <tr key={t.domain} data-domain={t.domain}><td>{t.domain}</td><td>{t.count}</td><td>{t.amount} USDC</td><td>{ago(t.oldestAgeSeconds)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
