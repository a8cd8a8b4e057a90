import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { env } from "@/lib/env";
import { API_VERSION } from "@/lib/openapi/document";
import { MCP_INSTRUCTIONS, MCP_SERVER_NAME, MCP_SERVER_TITLE } from "./create-mcp-server";
import { MCP_TOOLS } from "./tools";

/**
 * The machine-readable card of the MCP server (GET /.well-known/mcp.json), in the shape of the MCP
 * "server card" proposal (SEP-1649 / SEP-2127, still a draft): server info, transport, capabilities,
 * no authentication, and every tool with the same JSON Schema tools/list gives, built from the same
 * registry so the card cannot drift from the server.
 */
export function mcpCard() {
  const origin = env.HUB_ORIGIN;
  return {
    name: MCP_SERVER_NAME,
    title: MCP_SERVER_TITLE,
    version: API_VERSION,
    description:
      "Tools over a hub that sells creator content for USDC over x402: hub status, discovery, ledger, stats, leaderboards, share resolution and decision helpers (read-only), " +
      "and buy_content, a paid tool over x402's MCP transport (PaymentRequired in an isError result, the payment in params._meta[\"x402/payment\"], the settlement in result._meta[\"x402/payment-response\"]).",
    protocolVersion: LATEST_PROTOCOL_VERSION,
    serverInfo: { name: MCP_SERVER_NAME, title: MCP_SERVER_TITLE, version: API_VERSION, websiteUrl: origin },
    transport: { type: "streamable-http", url: `${origin}/mcp`, stateless: true, methods: ["POST"] },
    capabilities: { tools: { listChanged: false } },
    authentication: { required: false, schemes: [] as string[] },
    instructions: MCP_INSTRUCTIONS,
    tools: MCP_TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: z.toJSONSchema(t.input, { target: "draft-7", io: "input" }),
      annotations: t.annotations,
    })),
    documentation: {
      llmsTxt: `${origin}/.well-known/llms.txt`,
      llmsFullTxt: `${origin}/.well-known/llms-full.txt`,
      openapi: `${origin}/api/openapi.json`,
    },
  };
}
