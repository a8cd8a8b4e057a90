import { z } from "zod";
import { formatUsdc, parseUsdc } from "@/lib/money";
import { lruMemo } from "@/lib/lru-memo";

/**
 * Prices per audience (docs/audience-prices.md). A content item, a hosted post and a share store one
 * policy string in the same shape the interface gives `accessPolicy`:
 *
 * - `"free" | "paid" | "blocked"` — the same rule for everyone;
 * - a JSON object `{ humans, agents }`, each either one of those words or `{ mode, price? }`, where
 *   `price` (a USDC decimal string) is that audience's own price and is allowed with `mode: "paid"` only.
 *   A missing audience pays the list price (`"paid"`).
 *
 * `paid` without a price is the list price; a paid rule whose price comes to 0 is free.
 */
export type Audience = "humans" | "agents";
export type AudienceMode = "free" | "paid" | "blocked";

const modeSchema = z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.enum(["free", "paid", "blocked"]));

const priceSchema = z
  .string()
  .trim()
  .refine((v) => {
    try {
      parseUsdc(v);
      return true;
    } catch {
      return false;
    }
  }, "a USDC amount: a decimal with at most 6 places");

/** One audience's rule as an object: `{ mode, price }` (price with paid only). */
export const audienceRuleObjectSchema = z
  .object({ mode: modeSchema, price: priceSchema.nullish() })
  .strict()
  .refine((r) => r.mode === "paid" || r.price == null, { message: "price is allowed with mode paid only", path: ["price"] });

/** One audience's rule: a word, or `{ mode, price }` (price with paid only). */
export const audienceRuleSchema = z.union([modeSchema, audienceRuleObjectSchema]);

/** The policy a content item, post or share is given: one word for everyone, or `{ humans, agents }`. */
export const audiencePolicySchema = z
  .union([modeSchema, z.object({ humans: audienceRuleSchema.optional(), agents: audienceRuleSchema.optional() }).strict()])
  .meta({
    id: "AudiencePolicy",
    description:
      'Prices per audience: "free" | "paid" | "blocked" for everyone, or { humans, agents } where each is one of those words or { mode, price } (price: that audience\'s own USDC price, with mode paid only; a missing audience pays the list price).',
    example: { humans: "paid", agents: { mode: "paid", price: "0.05" } },
  });

export type AudiencePolicyInput = z.input<typeof audiencePolicySchema>;

/** One audience's rule, normalized: the mode and its own price (null: the list price). */
export type AudienceRule = { mode: AudienceMode; price: bigint | null };
export type AudienceRules = Record<Audience, AudienceRule>;

const LIST: AudienceRule = Object.freeze({ mode: "paid", price: null });

/** What one audience gets: its decision and the price it pays (0 unless paid). */
export type AudienceTerms = { decision: AudienceMode; priceAtomic: bigint };

/**
 * The one resolver every kind uses: given the stored policy (a word or a JSON string, null for none),
 * the list price and the audience, what that audience gets. Anything unreadable in storage is the
 * list price for everyone (what the hub charged before policies were enforced).
 */
export function resolveAudiencePrice({ policy, listPriceAtomic, audience }: { policy: string | null | undefined; listPriceAtomic: bigint; audience: Audience }): AudienceTerms {
  return termsOf(parseStoredPolicy(policy)[audience], listPriceAtomic);
}

/** Both audiences' terms, for cards and editors. */
export function describeAudiences({ policy, listPriceAtomic }: { policy: string | null | undefined; listPriceAtomic: bigint }): Record<Audience, { mode: AudienceMode; price: string }> {
  const rules = parseStoredPolicy(policy);
  const show = (a: Audience) => {
    const t = termsOf(rules[a], listPriceAtomic);
    return { mode: t.decision, price: formatUsdc(t.priceAtomic) };
  };
  return { humans: show("humans"), agents: show("agents") };
}

/**
 * Stored policies read so far, by their text: a policy string always reads as the same rules, and a
 * listing reads one per row (the discovery document up to 1,000 rows per request, an explore page two
 * per card), where the schema's parse cost 15–40 µs each (bench/README.md, session 21). The rules are
 * frozen: every reader shares them.
 */
const readPolicies = lruMemo<AudienceRules>(1_000);

/** A stored policy as rules (tolerant: unreadable storage is the list price for everyone). */
export function parseStoredPolicy(policy: string | null | undefined): AudienceRules {
  if (!policy) return EVERYONE_LIST;
  return readPolicies.get(policy, () => deepFreeze(readPolicy(policy)));
}

const EVERYONE_LIST: AudienceRules = Object.freeze({ humans: LIST, agents: LIST });

function deepFreeze(rules: AudienceRules): AudienceRules {
  Object.freeze(rules.humans);
  Object.freeze(rules.agents);
  return Object.freeze(rules);
}

function readPolicy(policy: string): AudienceRules {
  const text = policy.trim();
  if (!text) return { humans: LIST, agents: LIST };
  let raw: unknown = text;
  if (text.startsWith("{")) {
    try {
      raw = JSON.parse(text);
    } catch {
      return { humans: LIST, agents: LIST };
    }
  }
  const parsed = audiencePolicySchema.safeParse(raw);
  return parsed.success ? rulesOf(parsed.data) : { humans: LIST, agents: LIST };
}

/** A validated policy as rules. */
export function rulesOf(policy: z.output<typeof audiencePolicySchema>): AudienceRules {
  if (typeof policy === "string") return { humans: { mode: policy, price: null }, agents: { mode: policy, price: null } };
  return { humans: ruleOf(policy.humans), agents: ruleOf(policy.agents) };
}

/**
 * The string a post or share stores for a validated policy: null when everyone pays the list price
 * (the default), else the canonical JSON form.
 */
export function storedPolicy(policy: z.output<typeof audiencePolicySchema> | null | undefined): string | null {
  if (policy == null) return null;
  const rules = rulesOf(policy);
  const same = (r: AudienceRule) => r.mode === "paid" && r.price === null;
  if (same(rules.humans) && same(rules.agents)) return null;
  const out = (r: AudienceRule) => (r.price === null ? r.mode : { mode: r.mode, price: formatUsdc(r.price) });
  return JSON.stringify({ humans: out(rules.humans), agents: out(rules.agents) });
}

/** A stored policy in the API's output form: the canonical `{ humans, agents }` object. */
export function policyView(policy: string | null | undefined): { humans: AudienceRuleView; agents: AudienceRuleView } {
  const rules = parseStoredPolicy(policy);
  const view = (r: AudienceRule): AudienceRuleView => ({ mode: r.mode, price: r.price === null ? null : formatUsdc(r.price) });
  return { humans: view(rules.humans), agents: view(rules.agents) };
}

export type AudienceRuleView = { mode: AudienceMode; price: string | null };

/** The output schema of a stored policy (policyView). */
export const audiencePolicyViewSchema = z
  .object({
    humans: z.object({ mode: z.enum(["free", "paid", "blocked"]), price: z.string().nullable() }),
    agents: z.object({ mode: z.enum(["free", "paid", "blocked"]), price: z.string().nullable() }),
  })
  .meta({ id: "AudiencePolicyView", description: "The stored policy per audience: mode and that audience's own USDC price (null: the list price)." });

function ruleOf(r: z.output<typeof audienceRuleSchema> | undefined): AudienceRule {
  if (r === undefined) return LIST;
  if (typeof r === "string") return { mode: r, price: null };
  return { mode: r.mode, price: r.mode === "paid" && r.price != null ? parseUsdc(r.price) : null };
}

function termsOf(rule: AudienceRule, listPriceAtomic: bigint): AudienceTerms {
  if (rule.mode === "blocked") return { decision: "blocked", priceAtomic: 0n };
  if (rule.mode === "free") return { decision: "free", priceAtomic: 0n };
  const price = rule.price ?? listPriceAtomic;
  return price > 0n ? { decision: "paid", priceAtomic: price } : { decision: "free", priceAtomic: 0n };
}

const termsView = z.object({
  mode: z.enum(["free", "paid", "blocked"]),
  price: z.string().meta({ description: "What this audience pays in USDC (\"0\" unless mode is paid)" }),
});

/** The card's per-audience terms (describeAudiences): what humans and agents each get and pay. */
export const audienceTermsSchema = z
  .object({ humans: termsView, agents: termsView })
  .meta({
    id: "AudienceTerms",
    description:
      "Prices per audience: what people and agents each get (free, paid, blocked) and pay. Agents are requests that declare themselves (x-svc-actor: agent), MCP tool calls and payments through the facilitator; everyone else is priced as a human.",
  });
