import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { api, HUB_URL } from "../support/hub";

// The OpenAPI document passes a real OpenAPI 3.1 validator, and the agent guides name only routes it describes.
const METHODS = ["get", "post", "put", "patch", "delete"];
let doc: any;
const operations = () => Object.entries(doc.paths as Record<string, any>).flatMap(([p, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${p}`));

beforeAll(async () => {
  doc = (await api("/api/openapi.json")).body;
});

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("gives every operation a summary and a success response, and every JSON body a 400", () => {
    for (const op of operations()) {
      const [m, p] = op.split(" ") as [string, string];
      const o = doc.paths[p][m.toLowerCase()];
      expect(o.summary, op).toBeTruthy();
      expect(Object.keys(o.responses).some((s) => /^2/.test(s)), op).toBe(true);
      if (o.requestBody?.content?.["application/json"] && p !== "/mcp") expect(o.responses["400"], `${op} documents 400`).toBeDefined();
    }
  });
});

/** "METHOD /path" mentions and links to this hub, as OpenAPI operations ("GET /x" for links). */
function mentionedRoutes(text: string): string[] {
  const origin = new URL(HUB_URL).origin;
  const out = new Set<string>();
  for (const m of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[A-Za-z0-9_.\-/{}]*)/g)) out.add(`${m[1]} ${m[2]}`);
  for (const m of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (https?:\/\/[^\s)`"]+)/g)) out.add(`${m[1]} ${new URL(m[2]!).pathname}`);
  for (const m of text.matchAll(new RegExp(`\\]\\((${origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^)\\s]*)\\)`, "g"))) out.add(`GET ${new URL(m[1]!).pathname}`);
  return [...out];
}

describe("GET /.well-known/llms.txt", () => {
  it("is a markdown guide that names only routes the OpenAPI document describes", async () => {
    const res = await api("/.well-known/llms.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = res.body as string;
    expect(text.startsWith("# Paid Content Hub\n\n> ")).toBe(true);
    const mentioned = mentionedRoutes(text);
    expect(mentioned.length).toBeGreaterThan(5);
    const documented = new Set(operations());
    expect(mentioned.filter((r) => !documented.has(r))).toEqual([]);
  });

  it("has a section for each part the hub serves, and none for parts it does not", async () => {
    const text = (await api("/.well-known/llms.txt")).body as string;
    const has = (op: string) => operations().includes(op);
    expect(text.includes("## Decision helpers")).toBe(has("POST /hub/judge/decide"));
    expect(text.includes("## MCP server")).toBe(has("POST /mcp"));
    expect(text.includes("## Pay over x402")).toBe(has("POST /hub/pay"));
    expect(text.includes("## Quickshare links")).toBe(has("GET /qs/{slug}"));
    expect(text.includes("## Tip a creator")).toBe(has("POST /hub/tips/verify"));
    for (const tool of ["get_hub_status", "judge_decide"]) expect(text).toContain(`- ${tool}: `);
  });
});

describe("GET /.well-known/llms-full.txt", () => {
  it("carries the API reference of every operation in the OpenAPI document, and nothing else", async () => {
    const res = await api("/.well-known/llms-full.txt");
    expect(res.status).toBe(200);
    const text = res.body as string;
    const headings = [...text.matchAll(/^### (\S+ \S+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(operations());
    const documented = new Set(operations());
    expect(mentionedRoutes(text).filter((r) => !documented.has(r))).toEqual([]);
    // Field bounds come from the same zod schemas the routes parse with.
    expect(text).toContain("- state (string, required, 1..4000 chars)");
    expect(text).toContain("- candidates (array of object, required, 2..12 items)");
    expect(text).toContain("- topK (integer, optional, 1..10, default 3)");
    expect(text.includes("@x402/fetch")).toBe(documented.has("POST /hub/pay"));
  });
});
