import type { AudiencePolicyInput, AudienceRuleView } from "./audience-policy";

// The editors' helpers live apart from the schemas: client components import them, and zod in a
// client bundle probes eval, which the pages' Content-Security-Policy refuses.

/** The editors' "Agents" setting: same price as people, a price of their own, free, or blocked. */
export type AgentsChoice = { mode: "same" | "own" | "free" | "blocked"; price: string };

/** The editors' setting for a stored policy's agents. */
export function agentsChoiceOf(view: { agents: AudienceRuleView } | null | undefined): AgentsChoice {
  const a = view?.agents;
  if (!a) return { mode: "same", price: "" };
  if (a.mode === "paid") return a.price === null ? { mode: "same", price: "" } : { mode: "own", price: a.price };
  return { mode: a.mode, price: "" };
}

/** The accessPolicy an editor sends: the stored humans' rule kept, the agents' from the setting. */
export function policyWithAgents(view: { humans: AudienceRuleView } | null | undefined, choice: AgentsChoice): AudiencePolicyInput {
  const h = view?.humans ?? { mode: "paid", price: null };
  const humans = h.price === null ? h.mode : { mode: h.mode, price: h.price };
  const agents = choice.mode === "same" ? "paid" : choice.mode === "own" ? { mode: "paid" as const, price: choice.price.trim() } : choice.mode;
  return { humans, agents };
}
