import type { DeclaredActor } from "@/lib/x402/parse-credentials";
import type { Audience } from "./audience-policy";

/**
 * Who is an agent (docs/audience-prices.md): a request that declares itself (`x-svc-actor: agent`),
 * an MCP tool call, or a payment arriving through the facilitator (a creator's resource server
 * serves agents). Everything else — undeclared or `x-svc-actor: human` — is treated as human: a
 * self-declared human cannot be told from an undeclared agent.
 */
export function audienceOf({ actor, via = "http" }: { actor?: DeclaredActor; via?: "http" | "mcp" | "facilitator" }): Audience {
  if (via === "mcp" || via === "facilitator") return "agents";
  return actor === "agent" ? "agents" : "humans";
}
