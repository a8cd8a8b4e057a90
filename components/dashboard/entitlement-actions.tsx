"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "./call-api";

type Status = "active" | "revoked" | "banned";

/**
 * Revoke (may buy again), ban (hard deny) or restore one wallet's entitlement: `base` is its
 * entitlement URL (a share's /quickshare/<slug>/entitlements/<wallet>, a blog post's
 * /api/svc/posts/<id>/entitlements/<wallet>); revoke and ban POST to base/revoke and base/ban,
 * restore DELETEs base.
 */
export function EntitlementActions({ base, wallet, status, onDone }: { base: string; wallet: string; status: Status; onDone?: () => void }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const short = `${wallet.slice(0, 6)}…${wallet.slice(-4)}`;

  async function act(action: "revoke" | "ban" | "restore") {
    setBusy(true);
    setError(null);
    try {
      await callApi(action === "restore" ? base : `${base}/${action}`, action === "restore" ? { method: "DELETE" } : { json: {} });
      if (onDone) onDone();
      else router.refresh();
    } catch (err) {
      setError((err as Error).message);
    }
    setBusy(false);
  }

  return (
    <span className="row-actions">
      {status === "active" && (
        <>
          <button type="button" className="btn btn-quiet btn-small" disabled={busy} onClick={() => act("revoke")} aria-label={`Revoke ${short}`}>Revoke</button>
          <button type="button" className="btn btn-danger btn-small" disabled={busy} onClick={() => act("ban")} aria-label={`Ban ${short}`}>Ban</button>
        </>
      )}
      {status !== "active" && (
        <button type="button" className="btn btn-quiet btn-small" disabled={busy} onClick={() => act("restore")} aria-label={`Restore ${short}`}>Restore</button>
      )}
      {error && <span role="alert" className="error small">{error}</span>}
    </span>
  );
}
