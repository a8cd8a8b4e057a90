import "server-only";
import { bazaarResourceServerExtension, declareDiscoveryExtension, type DeclareDiscoveryExtensionInput } from "@x402/extensions/bazaar";
import { z } from "zod";
import { usdcNumber } from "@/lib/money";
import { postAccessGrant } from "@/lib/schemas/blog";
import { accessGrant } from "@/lib/schemas/quickshare";
import { paidResponseSchema, payBody } from "@/lib/schemas/x402";
import type { PaidResource } from "../types";
import type { ChallengeExtension } from "./challenge-extension";
import { lruMemo } from "@/lib/lru-memo";

// JSON Schemas of the routes' zod schemas, built once per process.
const schemas = new Map<z.ZodType, Record<string, unknown>>();
function schemaOf(schema: z.ZodType, io: "input" | "output") {
  let json = schemas.get(schema);
  if (!json) schemas.set(schema, (json = inlineRefs(z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>)));
  return json;
}

/**
 * The declaration embeds these schemas inside its own, where `#/$defs/…` references (zod writes one
 * per schema with an id) would no longer resolve: every reference is replaced by its definition.
 */
function inlineRefs(root: Record<string, unknown>): Record<string, unknown> {
  const defs = (root.$defs ?? {}) as Record<string, unknown>;
  const walk = (node: unknown, seen: string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, seen));
    if (!node || typeof node !== "object") return node;
    const { $ref, $defs: _defs, $schema: _schema, ...rest } = node as Record<string, unknown>;
    if (typeof $ref === "string" && $ref.startsWith("#/$defs/")) {
      const name = $ref.slice("#/$defs/".length);
      if (seen.includes(name)) return {}; // a recursive schema: any value past the first level
      return walk({ ...(defs[name] as object), ...rest }, [...seen, name]);
    }
    return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, walk(v, seen)]));
  };
  return walk(root, []) as Record<string, unknown>;
}
const jsonSchema = (schema: z.ZodType) => schemaOf(schema, "input");
/**
 * An output schema for indexers: every property with its type, none required (what a 200 holds
 * depends on the access), without descriptions, formats and examples, which the OpenAPI document
 * carries, and without the bounds zod writes on every integer (JavaScript's safe range, 52 bytes each):
 * the whole challenge travels in the PAYMENT-REQUIRED header, and again in the body, and must stay small.
 */
const outputSchema = (schema: z.ZodType) => compact(schemaOf(schema, "output")) as Record<string, unknown>;
const DROPPED = new Set(["required", "description", "examples", "example", "format", "pattern"]);
function compact(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compact);
  if (!node || typeof node !== "object") return node;
  const safeRange = isSafeIntegerRange(node as Record<string, unknown>);
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !DROPPED.has(k) && !(safeRange && (k === "minimum" || k === "maximum")))
      .map(([k, v]) => [k, k === "properties" ? mapValues(v, compact) : compact(v)]),
  );
}
const isSafeIntegerRange = (n: Record<string, unknown>) => n.type === "integer" && n.minimum === Number.MIN_SAFE_INTEGER && n.maximum === Number.MAX_SAFE_INTEGER;
const mapValues = (o: unknown, f: (v: unknown) => unknown) => Object.fromEntries(Object.entries(o as object).map(([k, v]) => [k, f(v)]));

// A small example of each paid 200 (the bazaar declaration carries an output only with an example).
const RECEIPT_EXAMPLE = { success: true, payment: { rail: "eip3009", status: "settled", amount: 0.01, currency: "USDC", verified: true } };
const GRANT_EXAMPLE = { content: "The decrypted body, as written", access: { via: "payment", wallet: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65" }, unlockProof: "<wallet>.<iat>.<exp>.<mac>" };

/** How each kind of paid resource is called and what it answers, for x402 indexers (bazaar). Tips are not catalogued. */
function discovery(resource: PaidResource): { method: "GET" | "POST"; path: string; config: DeclareDiscoveryExtensionInput } | undefined {
  switch (resource.kind) {
    case "content":
      return {
        method: "POST",
        path: "/hub/pay",
        config: { bodyType: "json", input: resource.contentId ? { contentId: resource.contentId } : {}, inputSchema: jsonSchema(payBody), output: { example: { ...RECEIPT_EXAMPLE, payment: { ...RECEIPT_EXAMPLE.payment, amount: usdcNumber(resource.price) } }, schema: outputSchema(paidResponseSchema) } },
      };
    case "quickshare":
      return { method: "GET", path: new URL(resource.url).pathname, config: { output: { example: GRANT_EXAMPLE, schema: outputSchema(accessGrant) } } };
    case "blogpost":
      return { method: "GET", path: new URL(resource.url).pathname, config: { output: { example: { ok: true, ...GRANT_EXAMPLE }, schema: outputSchema(postAccessGrant) } } };
    default:
      return undefined;
  }
}

/**
 * The `bazaar` discovery declaration of a 402 (package helpers: declareDiscoveryExtension, then the
 * package's resource-server enrichment with the HTTP method): how to call the route (method, JSON
 * body or query) and the JSON Schema of the paid 200, so facilitators and indexers can catalogue it.
 */
export const bazaarExtension: ChallengeExtension = { declare: ({ resource }) => bazaar(resource) };
function bazaar(resource: PaidResource) {
  if (!["content", "quickshare", "blogpost"].includes(resource.kind)) return undefined;
  // Determined by what discovery() reads: built once per kind, item, price and URL (not per 402).
  const memoKey = JSON.stringify([resource.kind, resource.contentId ?? null, resource.price.toString(), resource.url]);
  return declarations.get(memoKey, () => {
    const d = discovery(resource);
    if (!d) return undefined;
    const [key, declaration] = Object.entries(declareDiscoveryExtension(d.config))[0]!;
    const enrich = bazaarResourceServerExtension.enrichDeclaration!;
    return { [key]: enrich(declaration, { method: d.method, adapter: { getPath: () => d.path } }) };
  });
}
const declarations = lruMemo<Record<string, unknown> | undefined>(2_000);
