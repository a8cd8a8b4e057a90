"use client";

import { useState } from "react";
import { callApi } from "./call-api";
import { useDashboardAction } from "./use-dashboard-action";

/** An endpoint's buttons: send a test event, pause or resume, rotate the secret (shown once), delete. */
export function WebhookEndpointActions({ id, url, enabled }: { id: string; url: string; enabled: boolean }) {
  const { busy, error, act: run, refresh } = useDashboardAction();
  const [note, setNote] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const act = (call: () => Promise<void>) => run(async () => {
    setNote(null);
    await call();
  });
  const sendTest = () =>
    act(async () => {
      await callApi(`/hub/webhooks/${id}/test`, { method: "POST" });
      setNote(enabled ? "Test event queued: it appears in the log below as it is delivered." : "Test event queued: it waits until you enable the endpoint.");
    });
  const toggle = () => act(async () => void (await callApi(`/hub/webhooks/${id}`, { method: "PATCH", json: { enabled: !enabled } })));
  const rotate = () =>
    act(async () => {
      const res = await callApi<{ secret: string }>(`/hub/webhooks/${id}/rotate`, { method: "POST" });
      setSecret(res.secret);
    });
  const remove = () =>
    act(async () => {
      if (!window.confirm(`Delete the endpoint ${url} and its delivery log?`)) return;
      await callApi(`/hub/webhooks/${id}`, { method: "DELETE" });
    });

  return (
    <div className="webhook-actions">
      <button className="btn btn-small" type="button" disabled={busy} onClick={sendTest}>Send test event</button>{" "}
      <button className="btn btn-small" type="button" disabled={busy} onClick={toggle}>{enabled ? "Disable" : "Enable"}</button>{" "}
      <button className="btn btn-small" type="button" disabled={busy} onClick={rotate}>Rotate secret</button>{" "}
      <button className="btn btn-small" type="button" disabled={busy} onClick={remove}>Delete</button>{" "}
      <button className="btn btn-small" type="button" disabled={busy} onClick={refresh}>Refresh log</button>
      <div aria-live="polite">
        {note && <p className="ok small" role="status">{note}</p>}
        {secret && (
          <p className="ok" role="status">
            New signing secret (shown only now): <code className="wallet" data-testid="webhook-secret">{secret}</code>
          </p>
        )}
        {error && <p role="alert" className="error">{error}</p>}
      </div>
    </div>
  );
}
