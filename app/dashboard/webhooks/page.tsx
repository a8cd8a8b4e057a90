import type { Metadata } from "next";
import { DashboardNav } from "@/components/dashboard/dashboard-nav";
import { SignInPrompt } from "@/components/dashboard/sign-in-prompt";
import { WebhookEndpointActions } from "@/components/dashboard/webhook-endpoint-actions";
import { WebhookEndpointForm } from "@/components/dashboard/webhook-endpoint-form";
import { readPageSession } from "@/lib/auth/read-page-session";
import { listSites } from "@/lib/sites/list-sites";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";

export const metadata: Metadata = { title: "Webhooks" };

const time = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export default async function WebhooksPage() {
  const session = await readPageSession();
  if (!session) return (<><h1>Webhooks</h1><SignInPrompt what="send your sales, tips and ratings to your own systems" /></>);
  const [{ sites }, { endpoints, events }] = await Promise.all([listSites({ wallet: session.wallet }), listWebhookEndpoints({ wallet: session.wallet })]);
  const logs = await Promise.all(endpoints.map((e) => listWebhookDeliveries({ endpointId: e.id, wallet: session.wallet, limit: 20 })));
  return (
    <>
      <h1>Webhooks</h1>
      <DashboardNav current="/dashboard/webhooks" />
      <p className="muted">
        Your own systems hear of a sale, a tip or a rating as it happens: the hub POSTs a signed JSON event (Standard Webhooks) to your endpoint, and
        retries for a day until it answers 2xx. Verify each delivery with the signing secret (README “Webhooks”).
      </p>
      <section aria-labelledby="add-webhook-h">
        <h2 id="add-webhook-h">Add an endpoint</h2>
        <WebhookEndpointForm sites={sites.map((s) => ({ id: s.id, domain: s.domain }))} events={events} />
      </section>
      <section aria-labelledby="webhooks-h">
        <h2 id="webhooks-h">Your endpoints</h2>
        {endpoints.length === 0 && <p className="empty">No endpoints yet. Add one above; its signing secret is shown once.</p>}
        {endpoints.map((e, i) => {
          const deliveries = logs[i]!.deliveries;
          return (
            <article key={e.id} className="card webhook-card" aria-labelledby={`hook-${e.id}`} data-endpoint={e.id}>
              <header className="section-head">
                <h3 id={`hook-${e.id}`}><code>{e.url}</code></h3>
                <span className={`badge ${e.enabled ? "badge-ok" : ""}`}>{e.enabled ? "enabled" : "disabled"}</span>
              </header>
              <p className="small muted">
                {e.domain ? <>Events of <strong>{e.domain}</strong></> : "Events of all your sites and share links"}: {e.events.join(", ")}. Secret{" "}
                <code>{e.secretPrefix}…</code>{e.description && <> · {e.description}</>}
              </p>
              <WebhookEndpointActions id={e.id} url={e.url} enabled={e.enabled} />
              <h4>Delivery log</h4>
              {deliveries.length === 0 ? (
                <p className="empty">No deliveries yet. Send a test event, or wait for your next sale.</p>
              ) : (
                <div className="table-wrap">
                  <table className="responsive-table" aria-label={`Deliveries to ${e.url}`} data-testid="webhook-deliveries">
                    <thead>
                      <tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Queued</th><th scope="col">Next retry</th></tr>
                    </thead>
                    <tbody>
                      {deliveries.map((d) => {
                        const last = d.attemptLog[d.attemptLog.length - 1];
                        return (
                          <tr key={d.id} data-delivery={d.id} data-status={d.status}>
                            <td data-label="Event"><code>{d.eventType}</code></td>
                            <td data-label="Status">{d.status}</td>
                            <td data-label="Attempts">{d.attempts}</td>
                            <td data-label="Last answer">
                              {last ? <>{last.statusCode ?? "no answer"}{last.error && <span className="muted small"> · {last.error}</span>} <span className="muted small">({last.durationMs} ms, <time dateTime={last.at}>{time(last.at)}</time>)</span></> : "—"}
                            </td>
                            <td data-label="Queued"><time dateTime={d.createdAt}>{time(d.createdAt)}</time></td>
                            <td data-label="Next retry">{d.nextAttemptAt ? <time dateTime={d.nextAttemptAt}>{time(d.nextAttemptAt)}</time> : "—"}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              )}
            </article>
          );
        })}
      </section>
    </>
  );
}
