import { z } from "zod";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { MCP_TOOLS } from "@/lib/mcp/tools";
import { guideContext, guideSections, type GuideSection, type RouteRef } from "./agent-guide";
import { API_VERSION, openapiDocument } from "./document";

/*
 * Renders /.well-known/llms.txt and llms-full.txt from the agent guide (./agent-guide.ts), the
 * OpenAPI document and the MCP tool registry, so what they say is what the hub serves.
 */

type Json = Record<string, unknown>;
type Doc = { paths?: Record<string, Record<string, Json>>; components?: { schemas?: Record<string, Json> } };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function doc(): Doc {
  return openapiDocument() as unknown as Doc;
}

/** Every "METHOD /path" the OpenAPI document describes. */
export function documentedRoutes(d: Doc = doc()): Set<RouteRef> {
  const out = new Set<RouteRef>();
  for (const [p, item] of Object.entries(d.paths ?? {})) for (const m of METHODS) if (item[m]) out.add(`${m.toUpperCase()} ${p}` as RouteRef);
  return out;
}

/** The guide's sections with every line naming an undocumented route removed, and sections left empty dropped. */
function publishedSections(routes: Set<RouteRef>): GuideSection[] {
  const c = guideContext({ origin: env.HUB_ORIGIN, network: env.NETWORK_MODE, usdc: env.USDC_ADDRESS, gatewayWallet: env.GATEWAY_WALLET_ADDRESS, version: API_VERSION });
  return guideSections(c)
    .filter((s) => (s.requires ?? []).every((r) => routes.has(r)))
    .map((s) => ({ ...s, items: s.items?.filter((i) => !i.route || routes.has(i.route)) }))
    .filter((s) => s.intro || (s.items?.length ?? 0) > 0);
}

function header() {
  return [
    "# Paid Content Hub",
    "",
    `> An open-source, self-hostable hub that sells creator content on creator-owned domains for USDC, paid over x402 (HTTP 402, then a signed retry). This hub runs on ${env.NETWORK_MODE} (chain id ${NETWORKS[env.NETWORK_MODE].chainId}) at ${env.HUB_ORIGIN}.`,
    "",
    "Agents discover content, pay for it with a signature (no gas on the gateway rail), re-read it with an unlock proof, tip creators, rate what they unlocked and call the hub's decision helpers, over plain HTTP or through the MCP server.",
  ];
}

function sectionLines(s: GuideSection, full: boolean): string[] {
  const lines = ["", `## ${s.title}`, ""];
  if (s.intro) lines.push(s.intro, "");
  for (const i of s.items ?? []) lines.push(`- ${i.text}`);
  if (full && s.full) lines.push("", s.full);
  return lines;
}

function toolLines(full: boolean): string[] {
  const lines = ["", "## MCP tools", ""];
  for (const t of MCP_TOOLS) {
    lines.push(`- ${t.name}: ${t.description}`);
    if (full) for (const l of schemaLines(z.toJSONSchema(t.input, { io: "input" }) as Json, {}, "  ", 0)) lines.push(l);
  }
  return lines;
}

/** GET /.well-known/llms.txt */
export function renderLlmsTxt(): string {
  const routes = documentedRoutes();
  const lines = header();
  for (const s of publishedSections(routes)) lines.push(...sectionLines(s, false));
  if (routes.has("POST /mcp")) lines.push(...toolLines(false));
  return `${lines.join("\n")}\n`;
}

/** GET /.well-known/llms-full.txt: the guide with its worked examples, the MCP tools' arguments and the API reference. */
export function renderLlmsFullTxt(): string {
  const d = doc();
  const routes = documentedRoutes(d);
  const lines = header();
  for (const s of publishedSections(routes)) lines.push(...sectionLines(s, true));
  if (routes.has("POST /mcp")) lines.push(...toolLines(true));
  lines.push("", "## API reference", "", `Generated from the OpenAPI ${API_VERSION} document at ${env.HUB_ORIGIN}/api/openapi.json.`);
  for (const [p, item] of Object.entries(d.paths ?? {})) {
    for (const m of METHODS) {
      const op = item[m] as Json | undefined;
      if (op) lines.push(...operationLines(m.toUpperCase(), p, op, d));
    }
  }
  return `${lines.join("\n")}\n`;
}

// ─── the API reference ─────────────────────────────────────────────────────────────────────────────

function resolve(schema: Json | undefined, d: Doc): Json {
  let s = schema ?? {};
  for (let i = 0; i < 5 && typeof s.$ref === "string"; i++) {
    const name = (s.$ref as string).split("/").pop()!;
    s = d.components?.schemas?.[name] ?? {};
  }
  return s;
}

function typeLabel(raw: Json, d: Doc): string {
  const s = resolve(raw, d);
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return `one of ${s.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  const alts = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (Array.isArray(alts)) return alts.map((a) => typeLabel(a, d)).join(" or ");
  const type = Array.isArray(s.type) ? (s.type as string[]).join(" or ") : (s.type as string | undefined);
  if (type === "array") return `array of ${typeLabel((s.items as Json) ?? {}, d)}`;
  if (type === "object" && !s.properties && s.additionalProperties && typeof s.additionalProperties === "object") {
    return `map of ${typeLabel(s.additionalProperties as Json, d)}`;
  }
  return type ?? "any";
}

function constraints(raw: Json, d: Doc): string[] {
  const s = resolve(raw, d);
  const out: string[] = [];
  const range = (lo: unknown, hi: unknown, unit: string) => {
    // zod's integers carry the safe-integer bounds: not a constraint worth reading.
    const min = lo === Number.MIN_SAFE_INTEGER ? undefined : lo;
    const max = hi === Number.MAX_SAFE_INTEGER ? undefined : hi;
    if (min !== undefined && max !== undefined) out.push(`${min}..${max}${unit}`);
    else if (min !== undefined) out.push(`at least ${min}${unit}`);
    else if (max !== undefined) out.push(`at most ${max}${unit}`);
  };
  range(s.minLength, s.maxLength, " chars");
  range(s.minimum, s.maximum, "");
  range(s.minItems, s.maxItems, " items");
  if (typeof s.format === "string") out.push(s.format);
  else if (typeof s.pattern === "string") out.push(`pattern ${s.pattern}`);
  if ("default" in s) out.push(`default ${JSON.stringify(s.default)}`);
  return out;
}

function schemaLines(raw: Json, d: Doc, pad: string, depth: number): string[] {
  const s = resolve(raw, d);
  const props = s.properties as Record<string, Json> | undefined;
  if (!props || depth > 3) return [];
  const required = new Set((s.required as string[] | undefined) ?? []);
  const lines: string[] = [];
  for (const [name, prop] of Object.entries(props)) {
    const p = resolve(prop, d);
    const bits = [typeLabel(prop, d), required.has(name) ? "required" : "optional", ...constraints(prop, d)];
    const description = (prop.description ?? p.description) as string | undefined;
    lines.push(`${pad}- ${name} (${bits.join(", ")})${description ? `: ${description}` : ""}`);
    const inner = p.type === "array" ? resolve(p.items as Json, d) : p;
    lines.push(...schemaLines(inner, d, `${pad}  `, depth + 1));
  }
  return lines;
}

function operationLines(method: string, path: string, op: Json, d: Doc): string[] {
  const lines = ["", `### ${method} ${path}`, ""];
  if (op.summary) lines.push(String(op.summary));
  if (op.description) lines.push("", String(op.description));
  const security = (op.security as Array<Record<string, unknown>> | undefined)?.flatMap((s) => Object.keys(s));
  if (security?.length) lines.push("", `Credentials: ${security.join(", ")}`);

  const params = (op.parameters as Json[] | undefined) ?? [];
  if (params.length) {
    lines.push("", "Parameters:");
    for (const prm of params) {
      const bits = [String(prm.in), typeLabel((prm.schema as Json) ?? {}, d), prm.required ? "required" : "optional", ...constraints((prm.schema as Json) ?? {}, d)];
      const description = (prm.description ?? (resolve(prm.schema as Json, d).description as string | undefined)) as string | undefined;
      lines.push(`- ${prm.name} (${bits.join(", ")})${description ? `: ${description}` : ""}`);
    }
  }

  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  if (body) {
    for (const [type, media] of Object.entries(body)) {
      lines.push("", `Request body (${type}):`);
      const fields = schemaLines(media.schema as Json, d, "", 0);
      lines.push(...(fields.length ? fields : [`- ${typeLabel(media.schema as Json, d)}`]));
    }
  }

  const responses = (op.responses as Record<string, Json> | undefined) ?? {};
  lines.push("", "Responses:");
  const errorStatuses: string[] = [];
  for (const [status, r] of Object.entries(responses)) {
    if (/^[45]/.test(status)) {
      errorStatuses.push(`${status} (${r.description})`);
      continue;
    }
    const content = r.content as Record<string, Json> | undefined;
    const type = content ? Object.keys(content)[0] : undefined;
    lines.push(`- ${status}${type ? ` ${type}` : ""}: ${r.description}`);
    if (type) lines.push(...schemaLines(content![type]!.schema as Json, d, "  ", 0));
  }
  if (errorStatuses.length) lines.push(`- errors: ${errorStatuses.join("; ")}`);
  return lines;
}
