"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { callApi } from "./call-api";

type Site = { id: string; domain: string };

const EVENT_LABELS: Record<string, string> = {
  "sale.completed": "Sale",
  "pass.purchased": "Pass bought",
  "tip.received": "Tip received",
  "tip.held": "Tip held",
  "tip.released": "Tip released",
  "tip.refunded": "Tip refunded",
  "rating.created": "Rating",
  "share.unlocked": "Share unlocked",
};

/** POST /hub/webhooks: a URL, the events it receives, one site or all; the signing secret shows here once. */
export function WebhookEndpointForm({ sites, events }: { sites: Site[]; events: string[] }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const chosen = f.getAll("events").map(String);
    setBusy(true);
    setError(null);
    setSecret(null);
    try {
      if (chosen.length === 0) throw new Error("Choose at least one event.");
      const siteId = String(f.get("siteId") ?? "");
      const res = await callApi<{ secret: string }>("/hub/webhooks", {
        json: { url: String(f.get("url") ?? "").trim(), events: chosen, ...(siteId && { siteId }), description: String(f.get("description") ?? "").trim() || undefined },
      });
      setSecret(res.secret);
      form.reset();
      router.refresh();
    } catch (err) {
      setError((err as Error).message);
    }
    setBusy(false);
  }

  return (
    <form className="webhook-form" onSubmit={submit} aria-label="Add a webhook endpoint">
      <div className="field">
        <label htmlFor="webhook-url">Endpoint URL</label>
        <input id="webhook-url" name="url" type="url" required placeholder="https://example.com/hooks/hub" autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="webhook-site">Events of</label>
        <select id="webhook-site" name="siteId" defaultValue="">
          <option value="">All my sites and share links</option>
          {sites.map((s) => <option key={s.id} value={s.id}>{s.domain}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="webhook-description">Description <span className="muted">(optional)</span></label>
        <input id="webhook-description" name="description" maxLength={200} autoComplete="off" />
      </div>
      <fieldset className="field">
        <legend>Events</legend>
        {events.map((ev) => (
          <label key={ev} className="check">
            <input type="checkbox" name="events" value={ev} defaultChecked={ev === "sale.completed"} /> {EVENT_LABELS[ev] ?? ev} <code className="small">{ev}</code>
          </label>
        ))}
      </fieldset>
      <button className="btn" type="submit" disabled={busy}>{busy ? "Adding…" : "Add endpoint"}</button>
      <div aria-live="polite">
        {secret && (
          <p className="ok" role="status">
            Signing secret (shown only now; copy it into your receiver): <code className="wallet" data-testid="webhook-secret">{secret}</code>
          </p>
        )}
        {error && <p role="alert" className="error">{error}</p>}
      </div>
    </form>
  );
}
