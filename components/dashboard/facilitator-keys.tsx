"use client";

import { useState } from "react";
import { callApi } from "./call-api";
import { useDashboardAction } from "./use-dashboard-action";

type Key = { id: string; prefix: string; label: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };
type Issued = { key: string; facilitatorKey: Key };

/**
 * A site's facilitator keys: issue one (shown once, here), rotate or revoke it. The key goes into the
 * site's own x402 middleware as `Authorization: Bearer <key>` (README "Sell on your own site").
 */
export function FacilitatorKeys({ siteId, domain, keys }: { siteId: string; domain: string; keys: Key[] }) {
  const { busy, error, act } = useDashboardAction();
  const [issued, setIssued] = useState<string | null>(null);
  const live = keys.filter((k) => !k.revokedAt);
  const issue = (replaces?: string) =>
    act(async () => {
      const res = await callApi<Issued>(`/hub/sites/${siteId}/facilitator-keys`, { json: replaces ? { replaces } : {} });
      setIssued(res.key);
    });
  const revoke = (id: string) => act(() => callApi(`/hub/sites/${siteId}/facilitator-keys/${id}`, { method: "DELETE" }));

  return (
    <div className="facilitator-keys" aria-label={`Facilitator keys for ${domain}`}>
      {live.length > 0 && (
        <ul className="small">
          {live.map((k) => (
            <li key={k.id}>
              <code>{k.prefix}…</code> {k.label && <span>{k.label} · </span>}issued <time dateTime={k.createdAt}>{k.createdAt.slice(0, 10)}</time>
              {k.lastUsedAt ? <> · last used <time dateTime={k.lastUsedAt}>{k.lastUsedAt.slice(0, 10)}</time></> : " · never used"}{" "}
              <button className="btn btn-small" type="button" disabled={busy} onClick={() => issue(k.id)}>Rotate</button>{" "}
              <button className="btn btn-small" type="button" disabled={busy} onClick={() => revoke(k.id)}>Revoke</button>
            </li>
          ))}
        </ul>
      )}
      <button className="btn" type="button" disabled={busy} onClick={() => issue()}>{busy ? "Working…" : "Issue a facilitator key"}</button>
      <div aria-live="polite">
        {issued && (
          <p className="ok">
            Your new key (shown only now; copy it into your server’s configuration): <code className="wallet" data-testid="facilitator-key">{issued}</code>
          </p>
        )}
        {error && <p role="alert" className="error">{error}</p>}
      </div>
    </div>
  );
}
