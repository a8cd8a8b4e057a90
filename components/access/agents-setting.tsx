"use client";

import type { AgentsChoice } from "@/lib/access/agents-choice";

const CHOICES: [AgentsChoice["mode"], string][] = [
  ["same", "Same price as people"],
  ["own", "Their own price"],
  ["free", "Free"],
  ["blocked", "Blocked"],
];

/**
 * The "Agents" setting of the post editor and the share forms (prices per audience,
 * docs/audience-prices.md): what requests that declare an agent (x-svc-actor, MCP, the
 * facilitator) pay. Undeclared agents cannot be told from people and pay the people's price.
 */
export function AgentsSetting({ id, value, onChange, disabled }: { id: string; value: AgentsChoice; onChange: (v: AgentsChoice) => void; disabled?: boolean }) {
  return (
    <div className="field-row" data-testid="agents-setting">
      <div className="field">
        <label htmlFor={`${id}-agents`}>Agents</label>
        <select id={`${id}-agents`} value={value.mode} disabled={disabled} aria-describedby={`${id}-agents-help`} onChange={(e) => onChange({ ...value, mode: e.target.value as AgentsChoice["mode"] })}>
          {CHOICES.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
        </select>
        <p id={`${id}-agents-help`} className="muted small">For agents that declare themselves (header x-svc-actor: agent, MCP). Blocking stops honest agents only; a lower price is their reason to declare.</p>
      </div>
      {value.mode === "own" && (
        <div className="field">
          <label htmlFor={`${id}-agents-price`}>Agent price (USDC)</label>
          <input id={`${id}-agents-price`} inputMode="decimal" required pattern="^(0|[1-9]\d{0,8})(\.\d{1,6})?$" value={value.price} disabled={disabled} onChange={(e) => onChange({ ...value, price: e.target.value })} />
        </div>
      )}
    </div>
  );
}
