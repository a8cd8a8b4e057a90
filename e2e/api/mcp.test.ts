import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerDrift } from "../../lib/http/answer-drift";
import { classifyResult, decideResult, tagsResult } from "../../lib/schemas/judge";
import { FAKE_MODEL, fakeProviderPort, startFakeProvider, type FakeProvider } from "../support/fake-provider";
import { api, HUB_URL } from "../support/hub";
import { createShare, person } from "../support/quickshare";

// The MCP server at POST /mcp driven by the official SDK client over Streamable HTTP.
const CLIENT_IP = "198.18.0.7"; // its own rate-limit bucket for the judge tools

let fake: FakeProvider;
const clients: Client[] = [];
beforeAll(async () => {
  fake = await startFakeProvider(fakeProviderPort());
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await fake?.close();
});

async function connect(headers: Record<string, string> = { "x-forwarded-for": CLIENT_IP }) {
  const client = new Client({ name: "hub-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${HUB_URL}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const initialize = (init: { origin?: string; path?: string } = {}) =>
  fetch(`${HUB_URL}${init.path ?? "/mcp"}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(init.origin ? { origin: init.origin } : {}) },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } }),
  });

const TOOLS = ["get_hub_status", "explore_content", "get_ledger", "get_platform_stats", "get_leaderboards", "resolve_share", "buy_content", "judge_decide", "judge_classify", "judge_tags"];

describe("MCP server over Streamable HTTP", () => {
  it("initializes and names itself", async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: "paid-content-hub", title: "Paid Content Hub", version: "0.2.9" });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toContain("llms.txt");
  });

  it("lists its tools, each with a documented object input schema", async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe("object");
      for (const [name, prop] of Object.entries(t.inputSchema.properties ?? {})) expect((prop as { description?: string }).description, `${t.name}.${name}`).toBeTruthy();
      // Only the paid tool writes (a purchase).
      expect(t.annotations?.readOnlyHint).toBe(t.name !== "buy_content");
    }
    const decide = tools.find((t) => t.name === "judge_decide")!;
    expect(decide.inputSchema.required).toEqual(["state", "instructions", "candidates"]);
    expect(decide.outputSchema?.type).toBe("object");
  });

  it("calls get_hub_status against the running hub", async () => {
    const res = await (await connect()).callTool({ name: "get_hub_status", arguments: {} });
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toMatchObject({ success: true, network: "testnet", database: "ok", chain: { status: "ok", chainId: 5042002, usdc: { decimals: 6 } } });
    expect(JSON.parse((res.content as Array<{ text: string }>)[0]!.text)).toEqual(res.structuredContent);
  });

  it("calls get_ledger, get_platform_stats and get_leaderboards with the same answers as the HTTP routes", async () => {
    const client = await connect();
    const ledger = await client.callTool({ name: "get_ledger", arguments: { limit: 5, type: "payments" } });
    expect(ledger.isError).toBeFalsy();
    expect(ledger.structuredContent).toEqual((await api("/hub/ledger?limit=5&type=payments")).body);
    const stats = await client.callTool({ name: "get_platform_stats", arguments: {} });
    expect(stats.structuredContent).toEqual((await api("/hub/stats")).body);
    const board = await client.callTool({ name: "get_leaderboards", arguments: { type: "sites", limit: 2 } });
    expect(board.structuredContent).toMatchObject({ success: true, type: "sites", limit: 2, skip: 0 });
    expect((board.structuredContent as { items: unknown[] }).items).toHaveLength(2);
    const explore = await client.callTool({ name: "explore_content", arguments: { q: "harbor", limit: 5 } });
    expect(explore.structuredContent).toEqual((await api("/hub/explore/content?q=harbor&limit=5")).body);
    expect((explore.structuredContent as { content: unknown[] }).content.length).toBeGreaterThan(0);
    const bad = await client.callTool({ name: "get_ledger", arguments: { limit: 500 } });
    expect(bad.isError).toBe(true);
  });

  it("calls resolve_share with a slug or a share URL and answers the manifest route's body", async () => {
    const share = await createShare(await person(), { title: "For agents", content: "never in the manifest", price: "0.2" });
    const client = await connect();
    const manifest = (await api(`/quickshare/${share.slug}/manifest`)).body;
    for (const ref of [share.slug, `${HUB_URL}/qs/${share.slug}`, `${HUB_URL}/api/quickshare/${share.slug}/access`]) {
      const res = await client.callTool({ name: "resolve_share", arguments: { share: ref } });
      expect(res.isError).toBeFalsy();
      expect(res.structuredContent).toEqual(manifest);
    }
    expect(JSON.stringify(manifest)).not.toContain("never in the manifest");
    const missing = await client.callTool({ name: "resolve_share", arguments: { share: "zzzzzzzz" } });
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toContain("No published share");
    expect((await client.callTool({ name: "resolve_share", arguments: { share: "https://hub.example/elsewhere/x" } })).isError).toBe(true);
  });

  it("calls judge_decide through the decision provider, with the output validated against the tool's output schema", async () => {
    await fake.set({ letter: { content: "A", top: [{ token: "A", logprob: Math.log(0.8) }, { token: "B", logprob: Math.log(0.2) }] } });
    const res = await (await connect()).callTool({
      name: "judge_decide",
      arguments: { state: "The owner is verified.", instructions: "Settle or hold.", candidates: [{ id: "settle" }, { id: "hold" }] },
    });
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toMatchObject({ success: true, choice: "settle", model: FAKE_MODEL });
    expect((res.structuredContent as { confidence: number }).confidence).toBeCloseTo(0.8, 9);
    // The server checks the answer against the tool's zod output schema, which passes undeclared fields over (and this client
    // never listed the tools, so it checks nothing): drift is looked for here, as the route wrapper does over HTTP.
    expect(answerDrift(decideResult, res.structuredContent)).toBeNull();
  });

  it("calls judge_classify and judge_tags", async () => {
    const client = await connect();
    await fake.set({ letter: { content: "no", top: [{ token: "no", logprob: Math.log(0.9) }, { token: "yes", logprob: Math.log(0.1) }] }, json: { scores: { music: 0.9, art: 0.1 } } });
    const classify = await client.callTool({ name: "judge_classify", arguments: { state: "Home\nArchive" } });
    expect((classify.structuredContent as { probability: number }).probability).toBeCloseTo(0.1, 9);
    const tags = await client.callTool({ name: "judge_tags", arguments: { state: "an album", candidates: ["music", "art"], topK: 1 } });
    expect(tags.structuredContent).toMatchObject({ tags: [{ tag: "music", probability: 0.9 }] });
    expect(answerDrift(classifyResult, classify.structuredContent)).toBeNull();
    expect(answerDrift(tagsResult, tags.structuredContent)).toBeNull();
  });

  it("answers invalid arguments, an unknown tool and a provider failure as tool errors, naming no secret", async () => {
    const client = await connect();
    const invalid = await client.callTool({ name: "judge_decide", arguments: { state: "s", instructions: "i", candidates: [{ id: "only" }] } });
    expect(invalid.isError).toBe(true);
    expect((invalid.content as Array<{ text: string }>)[0]!.text).toMatch(/candidates/);

    const unknown = await client.callTool({ name: "explore_everything", arguments: {} });
    expect(unknown.isError).toBe(true);
    expect((unknown.content as Array<{ text: string }>)[0]!.text).toMatch(/not found/);

    await fake.set({ status: 500 });
    const failed = await client.callTool({ name: "judge_tags", arguments: { state: "s", candidates: ["a", "b"] } });
    expect(failed.isError).toBe(true);
    const body = JSON.parse((failed.content as Array<{ text: string }>)[0]!.text);
    expect(body).toMatchObject({ status: 502, code: "bad-gateway", details: "The decision provider answered HTTP 500" });
    expect(JSON.stringify(failed)).not.toContain("sk-test-judge-key");
  });
});

describe("Origin validation", () => {
  it("refuses a foreign Origin with 403 before any JSON-RPC is read", async () => {
    const res = await initialize({ origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
  });

  it("refuses the SDK client when it sends a foreign Origin", async () => {
    const client = new Client({ name: "evil", version: "1" });
    const transport = new StreamableHTTPClientTransport(new URL(`${HUB_URL}/mcp`), { requestInit: { headers: { origin: "http://localhost.evil.example" } } });
    await expect(client.connect(transport)).rejects.toThrow(/403|Forbidden/);
  });

  it("serves the hub's own origin and clients that send no Origin", async () => {
    expect((await initialize({ origin: new URL(HUB_URL).origin })).status).toBe(200);
    const res = await initialize();
    expect(res.status).toBe(200);
    expect((await res.json()).result.serverInfo.name).toBe("paid-content-hub");
  });

  it("answers under the legacy /api prefix, and GET /mcp is 405 (stateless: no SSE stream)", async () => {
    expect((await initialize({ path: "/api/mcp" })).status).toBe(200);
    expect((await fetch(`${HUB_URL}/mcp`, { headers: { accept: "text/event-stream" } })).status).toBe(405);
  });
});

describe("GET /.well-known/mcp.json", () => {
  it("describes the server, its transport and exactly the tools tools/list gives, with the same input schemas", async () => {
    const card = await api("/.well-known/mcp.json");
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({
      name: "paid-content-hub",
      version: "0.2.9",
      transport: { type: "streamable-http", url: `${new URL(HUB_URL).origin}/mcp` },
      authentication: { required: false },
      documentation: { openapi: `${new URL(HUB_URL).origin}/api/openapi.json` },
    });
    const { tools } = await (await connect()).listTools();
    expect(card.body.tools.map((t: { name: string }) => t.name)).toEqual(tools.map((t) => t.name));
    for (const t of tools) expect(card.body.tools.find((c: { name: string }) => c.name === t.name).inputSchema).toEqual(t.inputSchema);
    expect((await api("/.well-known/mcp/server-card.json")).body).toEqual(card.body);
  });
});
