"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "./call-api";

type Claim = { released: string[]; pending: number; releaseTx?: string | null; amount?: number; creatorAmount?: number; protocolFee?: number };

/**
 * POST /hub/tips/claim for a verified site, authorised by the owner's session (the secret never reaches
 * the browser): one release transaction, 5% to the treasury.
 */
export function ClaimTipsButton({ siteId, domain, count, gross, fee, net }: { siteId: string; domain: string; count: number; gross: string; fee: string; net: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Claim | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function claim() {
    setBusy(true);
    setError(null);
    try {
      const res = await callApi<Claim>("/hub/tips/claim", { json: { siteId } });
      setResult(res);
      router.refresh();
    } catch (err) {
      setError((err as Error).message);
    }
    setBusy(false);
  }

  return (
    <div className="claim">
      {count > 0 ? (
        <>
          <p id={`fee-${siteId}`} className="fee-note">
            {count} tip{count === 1 ? "" : "s"} held: <strong>{gross} USDC</strong>. Claim fee 5%: <strong>{fee} USDC</strong> to the treasury. You receive <strong>{net} USDC</strong>.
          </p>
          <button type="button" className="btn" onClick={claim} disabled={busy} aria-describedby={`fee-${siteId}`}>
            {busy ? "Claiming… (waiting for the release transaction)" : `Claim ${net} USDC`}
          </button>
        </>
      ) : (
        <p className="muted">No tips are held for {domain}.</p>
      )}
      <div aria-live="polite">
        {result && result.released.length > 0 && (
          <p className="ok" role="status">
            Claimed: {result.creatorAmount ?? "—"} USDC sent to your wallet, fee {result.protocolFee ?? "—"} USDC.{" "}
            {result.releaseTx && <>Transaction <code title={result.releaseTx}>{result.releaseTx.slice(0, 10)}…</code></>}
          </p>
        )}
        {result && result.released.length === 0 && <p className="muted" role="status">Nothing was left to claim.</p>}
        {error && <p role="alert" className="error">{error}</p>}
      </div>
    </div>
  );
}
