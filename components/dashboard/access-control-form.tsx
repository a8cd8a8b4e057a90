"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { AgentsSetting } from "@/components/access/agents-setting";
import { agentsChoiceOf, policyWithAgents, type AgentsChoice } from "@/lib/access/agents-choice";
import type { AudienceRuleView } from "@/lib/access/audience-policy";
import { callApi } from "./call-api";
import { parseWallets } from "./create-share-form";

export type AccessControlValue = { price: string; whitelistPrice: string | null; publicAccess: boolean; whitelist: string[]; accessPolicy: { humans: AudienceRuleView; agents: AudienceRuleView } };

/** PUT /quickshare/<slug>/access-control: price, whitelist price, the agents' price (prices per audience), invite-only and the whole list. */
export function AccessControlForm({ slug, value, disabled }: { slug: string; value: AccessControlValue; disabled?: boolean }) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);
  const [agents, setAgents] = useState<AgentsChoice>(agentsChoiceOf(value.accessPolicy));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const { wallets, bad } = parseWallets(String(f.get("whitelist") ?? ""));
    if (bad.length) return setMessage({ ok: false, text: `These are not wallet addresses: ${bad.slice(0, 5).join(", ")}` });
    const inviteOnly = f.get("inviteOnly") === "on";
    if (inviteOnly && wallets.length === 0) return setMessage({ ok: false, text: "An invite-only share needs at least one invited wallet." });
    const wl = String(f.get("whitelistPrice") ?? "").trim();
    setSaving(true);
    setMessage(null);
    try {
      await callApi(`/quickshare/${slug}/access-control`, {
        method: "PUT",
        json: { price: String(f.get("price") ?? "").trim(), whitelistPrice: wl === "" ? null : wl, publicAccess: !inviteOnly, whitelist: wallets, accessPolicy: policyWithAgents(value.accessPolicy, agents) },
      });
      setMessage({ ok: true, text: "Saved." });
      router.refresh();
    } catch (err) {
      setMessage({ ok: false, text: (err as Error).message });
    }
    setSaving(false);
  }

  return (
    <form className="stack-form" onSubmit={submit}>
      <fieldset className="field-group" disabled={disabled || saving}>
        <legend>Access control</legend>
        <div className="field-row">
          <div className="field">
            <label htmlFor="ac-price">Price (USDC)</label>
            <input id="ac-price" name="price" inputMode="decimal" defaultValue={value.price} required pattern="^(0|[1-9]\d{0,8})(\.\d{1,6})?$" />
          </div>
          <div className="field">
            <label htmlFor="ac-wlprice">Price for listed wallets (USDC)</label>
            <input id="ac-wlprice" name="whitelistPrice" inputMode="decimal" defaultValue={value.whitelistPrice ?? ""} pattern="^(0|[1-9]\d{0,8})(\.\d{1,6})?$" placeholder="same as price" />
          </div>
        </div>
        <AgentsSetting id="ac" value={agents} onChange={setAgents} />
        <div className="field checkbox">
          <input id="ac-invite" name="inviteOnly" type="checkbox" defaultChecked={!value.publicAccess} />
          <label htmlFor="ac-invite">Invite-only</label>
        </div>
        <div className="field">
          <label htmlFor="ac-whitelist">Listed wallets <span className="muted">(one per line; replaces the whole list)</span></label>
          <textarea id="ac-whitelist" name="whitelist" rows={4} defaultValue={value.whitelist.join("\n")} spellCheck={false} />
        </div>
        <div>
          <button className="btn" type="submit">{saving ? "Saving…" : "Save access control"}</button>
        </div>
      </fieldset>
      {message && <p role={message.ok ? "status" : "alert"} className={message.ok ? "ok" : "error"}>{message.text}</p>}
    </form>
  );
}
