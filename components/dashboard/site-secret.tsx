"use client";

import { useState } from "react";
import { callApi } from "./call-api";
import { useDashboardAction } from "./use-dashboard-action";

/**
 * A site's two credentials as its owner sees them: the public site key (it is in the widget snippet,
 * so in every page of the site) and the secret, which is never shown again after the answer that
 * issued it. Rotating issues a new secret, shown here once; the old one stops working.
 */
export function SiteSecret({ siteId, domain, siteKey, beforeSplit, issued: issuedAtRegistration }: { siteId: string; domain: string; siteKey: string; beforeSplit: boolean; issued?: string | null }) {
  // No refresh: the page would render again without the secret this answer shows once.
  const { busy, error, act } = useDashboardAction({ refresh: false });
  const [issued, setIssued] = useState<string | null>(issuedAtRegistration ?? null);
  const rotate = () =>
    act(async () => {
      const res = await callApi<{ site: { verifyToken: string | null } }>(`/hub/sites/${siteId}/secret`, { method: "POST" });
      setIssued(res.site.verifyToken);
    });

  return (
    <div className="site-credentials small" aria-label={`Credentials of ${domain}`}>
      <p>
        Site id <code>{siteId}</code>. <strong>Site key</strong> (public: the widget snippet carries it, events accept it):{" "}
        <code className="wallet" data-testid="site-key">{siteKey}</code>
      </p>
      <p>
        <strong>Site secret</strong> (claims held tips and attributes <code>/hub/pay</code> sales from your server; never put it in a page):{" "}
        {beforeSplit
          ? "this site still has a token issued before site keys existed, which older widget snippets published. Rotate it, and replace the snippet with the one above."
          : "shown once, when it was issued. Lost it? Rotate it."}{" "}
        <button className="btn btn-small" type="button" disabled={busy} onClick={rotate}>{busy ? "Rotating…" : "Rotate secret"}</button>
      </p>
      <div aria-live="polite">
        {issued && (
          <p className="ok">
            Your new site secret (shown only now; keep it on your server): <code className="wallet" data-testid="site-secret">{issued}</code>
          </p>
        )}
        {error && <p role="alert" className="error">{error}</p>}
      </div>
    </div>
  );
}
