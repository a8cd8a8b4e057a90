import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { env } from "@/lib/env";
import { toErrorResponse } from "@/lib/http/errors";
import { API_VERSION } from "@/lib/openapi/document";
import type { McpTool, McpToolContext } from "./define-tool";
import { MCP_TOOLS } from "./tools";

export const MCP_SERVER_NAME = "paid-content-hub";
export const MCP_SERVER_TITLE = "Paid Content Hub";
export const MCP_INSTRUCTIONS =
  "Tools over a paid-content hub: creator content sold for USDC over x402. Tools are read-only and need no account or key. " +
  "Paying for content happens over plain HTTP (a 402 challenge, then a signed retry): see /.well-known/llms.txt and /api/openapi.json on this host.";

async function runTool(tool: McpTool, args: unknown, ctx: McpToolContext): Promise<CallToolResult> {
  try {
    const result = await tool.call(args, ctx);
    return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
  } catch (err) {
    // The same status and `{ error, details, code }` as the HTTP route would answer, as a tool error.
    const { status, body } = toErrorResponse(err);
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ status, ...body }) }] };
  }
}

/** A fresh MCP server with every tool registered; one per request (the transport is stateless). */
export function createMcpServer(ctx: McpToolContext): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: MCP_SERVER_TITLE, version: API_VERSION, websiteUrl: env.HUB_ORIGIN },
    { capabilities: { tools: { listChanged: false } }, instructions: MCP_INSTRUCTIONS },
  );
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, outputSchema: tool.output, annotations: tool.annotations },
      (args: unknown) => runTool(tool, args, ctx),
    );
  }
  return server;
}
