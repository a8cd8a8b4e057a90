"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { callApi } from "./call-api";

/** POST /hub/sites/register: a domain for the signed-in wallet, pending until proven. */
export function RegisterSiteForm() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setBusy(true);
    setMessage(null);
    setSecret(null);
    try {
      const res = await callApi<{ created: boolean; site: { domain: string; verifyToken: string | null } }>("/hub/sites/register", {
        json: { domain: String(f.get("domain") ?? ""), name: String(f.get("name") ?? "").trim() || undefined },
      });
      setMessage({ ok: true, text: res.created ? `Registered ${res.site.domain}. Prove it below.` : `${res.site.domain} was already registered to you.` });
      setSecret(res.site.verifyToken);
      form.reset();
      router.refresh();
    } catch (err) {
      setMessage({ ok: false, text: (err as Error).message });
    }
    setBusy(false);
  }

  return (
    <form className="filters" onSubmit={submit}>
      <div className="field">
        <label htmlFor="site-domain">Domain</label>
        <input id="site-domain" name="domain" required placeholder="my-blog.example" autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="site-name">Name <span className="muted">(optional)</span></label>
        <input id="site-name" name="name" maxLength={120} autoComplete="off" />
      </div>
      <button className="btn" type="submit" disabled={busy}>{busy ? "Registering…" : "Register site"}</button>
      {message && <p role={message.ok ? "status" : "alert"} className={message.ok ? "ok" : "error"}>{message.text}</p>}
      {secret && (
        <p className="ok small">
          The site’s secret (shown only now; it claims held tips and attributes sales from your server, so keep it out of pages):{" "}
          <code className="wallet" data-testid="site-secret">{secret}</code>
        </p>
      )}
    </form>
  );
}
