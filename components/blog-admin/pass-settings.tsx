"use client";

import { useState, type FormEvent } from "react";
import { callApi, fieldErrors, HubApiError } from "@/components/dashboard/call-api";
import type { PassAdminData } from "@/lib/passes/pass-admin-data";

/**
 * The blog's pass in the editor: its price, duration and whether it is on sale (PUT /api/admin/pass),
 * and the passes sold so far (buyer, amount, the period each purchase added).
 */
export function PassSettings({ data, onSaved }: { data: PassAdminData; onSaved: () => void }) {
  const [price, setPrice] = useState(data.offer?.price ?? "2");
  const [days, setDays] = useState(String(data.offer?.durationDays ?? 30));
  const [active, setActive] = useState(data.offer?.active ?? true);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setStatus(null);
    setErrors({});
    try {
      await callApi("/api/admin/pass", { method: "PUT", json: { price: price.trim(), durationDays: Number(days), active } });
      setStatus({ ok: true, text: active ? `Saved: readers are offered a ${days}-day pass for ${price.trim()} USDC.` : "Saved: the pass is off sale (passes already sold run to their end)." });
      onSaved();
    } catch (err) {
      const { fields, rest } = fieldErrors(err, ["price", "durationDays"]);
      setErrors(fields);
      setStatus({ ok: false, text: rest ?? (err instanceof HubApiError ? "Check the fields marked above." : "Could not save the pass") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="pass-h" className="pass-settings" data-testid="pass-settings">
      <h2 id="pass-h">Pass</h2>
      <p className="muted">
        A pass lets a reader (or an agent) pay once and read every paid post of this blog for a while. Posts bought singly stay bought;
        buying a pass again extends it from its end.
      </p>
      <form onSubmit={save} aria-label="Pass settings">
        <div className="field">
          <label htmlFor="pass-price">Price (USDC)</label>
          <input id="pass-price" name="price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} aria-invalid={!!errors.price} aria-describedby={errors.price ? "pass-price-err" : undefined} required />
          {errors.price && <p id="pass-price-err" className="error">{errors.price}</p>}
        </div>
        <div className="field">
          <label htmlFor="pass-days">Duration (days)</label>
          <input id="pass-days" name="durationDays" type="number" min={1} max={3660} value={days} onChange={(e) => setDays(e.target.value)} aria-invalid={!!errors.durationDays} required />
          {errors.durationDays && <p className="error">{errors.durationDays}</p>}
        </div>
        <label className="check"><input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> On sale</label>
        <button type="submit" className="btn" disabled={busy} data-testid="pass-save">{busy ? "Saving…" : "Save pass"}</button>
        {status && <p role={status.ok ? "status" : "alert"} className={status.ok ? "muted" : "error"} data-testid="pass-status">{status.text}</p>}
      </form>
      <h3>Passes sold</h3>
      <p className="muted small">{data.activePasses} active now.</p>
      {data.sales.length === 0 ? (
        <p className="empty">No passes sold yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table" data-testid="pass-sales">
            <thead><tr><th scope="col">Buyer</th><th scope="col">Amount</th><th scope="col">Starts</th><th scope="col">Ends</th></tr></thead>
            <tbody>
              {data.sales.map((s) => (
                <tr key={s.paymentId}>
                  <td><code>{s.buyer.slice(0, 6)}…{s.buyer.slice(-4)}</code></td>
                  <td>{s.amount} USDC · <a href={s.receiptUrl}>receipt</a></td>
                  <td><time dateTime={s.startsAt}>{s.startsAt.slice(0, 10)}</time></td>
                  <td><time dateTime={s.endsAt}>{s.endsAt.slice(0, 10)}</time></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
