"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "./call-api";

/** Reslug (new link, the old one stops working) and revoke (permanent: the body is deleted). */
export function ShareActions({ slug, revoked }: { slug: string; revoked: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState<"reslug" | "revoke" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function reslug() {
    if (!window.confirm("Give this share a new link? The current link stops working at once.")) return;
    setBusy("reslug");
    setError(null);
    try {
      const res = await callApi<{ slug: string }>(`/quickshare/${slug}/reslug`, { json: {} });
      router.replace(`/dashboard/shares/${res.slug}?reslugged=${slug}`);
    } catch (err) {
      setError((err as Error).message);
      setBusy(null);
    }
  }

  async function revoke() {
    if (!window.confirm("Revoke this share? Its body is deleted and every reader gets 410 Gone. This cannot be undone.")) return;
    setBusy("revoke");
    setError(null);
    try {
      await callApi(`/quickshare/${slug}`, { method: "DELETE" });
      router.refresh();
    } catch (err) {
      setError((err as Error).message);
    }
    setBusy(null);
  }

  if (revoked) return <p className="muted">This share is revoked: its body is deleted and its link answers 410.</p>;
  return (
    <div className="actions">
      <button type="button" className="btn btn-quiet" onClick={reslug} disabled={busy !== null}>{busy === "reslug" ? "Changing link…" : "New link (reslug)"}</button>
      <button type="button" className="btn btn-danger" onClick={revoke} disabled={busy !== null}>{busy === "revoke" ? "Revoking…" : "Revoke share"}</button>
      {error && <p role="alert" className="error">{error}</p>}
    </div>
  );
}
