"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { callApi } from "./call-api";

type Attempt = { url: string; ok: boolean; detail: string };
type Result = { verified: boolean; attempts: Attempt[] };

/** POST /hub/sites/<id>/verify with the chosen proof; lists every URL the hub tried and why it failed. */
export function VerifySiteForm({ siteId, domain }: { siteId: string; domain: string }) {
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const pageUrl = String(f.get("pageUrl") ?? "").trim();
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const res = await callApi<Result>(`/hub/sites/${siteId}/verify`, { json: { method: String(f.get("method")), ...(pageUrl && { pageUrl }) } });
      setResult(res);
      if (res.verified) router.refresh();
    } catch (err) {
      setError((err as Error).message);
    }
    setBusy(false);
  }

  return (
    <form className="filters" onSubmit={submit} aria-label={`Verify ${domain}`}>
      <div className="field">
        <label htmlFor={`${id}-m`}>Proof</label>
        <select id={`${id}-m`} name="method" defaultValue="owner-link">
          <option value="owner-link">Owner file or meta tag</option>
          <option value="widget">Widget installed</option>
          <option value="cross-stack">Verified on the peer hub</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-p`}>Widget page <span className="muted">(optional)</span></label>
        <input id={`${id}-p`} name="pageUrl" type="url" placeholder={`https://${domain}/`} />
      </div>
      <button className="btn" type="submit" disabled={busy}>{busy ? "Checking…" : "Verify now"}</button>
      <div className="verify-result" aria-live="polite">
        {error && <p role="alert" className="error">{error}</p>}
        {result?.verified && <p className="ok">Verified: {domain} is yours.</p>}
        {result && !result.verified && (
          <div role="alert">
            <p className="error">Not verified yet. The hub tried:</p>
            <ul className="small">
              {result.attempts.map((a) => <li key={a.url}><code>{a.url}</code>: {a.detail}</li>)}
            </ul>
          </div>
        )}
      </div>
    </form>
  );
}
