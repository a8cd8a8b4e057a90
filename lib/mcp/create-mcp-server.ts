import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { env } from "@/lib/env";
import { ApiError, toErrorResponse } from "@/lib/http/errors";
import { API_VERSION } from "@/lib/openapi/document";
import type { McpServerContext, McpTool, McpToolContext } from "./define-tool";
import { MCP_PAYMENT_RESPONSE_META, mcpCredentials } from "./mcp-credentials";
import { PaidAnswer } from "./paid-answer";
import { MCP_TOOLS } from "./tools";

export const MCP_SERVER_NAME = "paid-content-hub";
export const MCP_SERVER_TITLE = "Paid Content Hub";
export const MCP_INSTRUCTIONS =
  "Tools over a paid-content hub: creator content sold for USDC over x402. No account or key is needed. " +
  "Every tool but buy_content is read-only; buy_content is paid over x402's MCP transport (the PaymentRequired in an isError result, the PaymentPayload in params._meta[\"x402/payment\"], the settlement in result._meta[\"x402/payment-response\"]). " +
  "Paying over plain HTTP (a 402 challenge, then a signed retry): see /.well-known/llms.txt and /api/openapi.json on this host.";

async function runTool(tool: McpTool, args: unknown, ctx: McpToolContext): Promise<CallToolResult> {
  try {
    const result = await tool.call(args, ctx);
    if (result instanceof PaidAnswer) {
      const meta = result.settlement ? { _meta: { [MCP_PAYMENT_RESPONSE_META]: result.settlement } } : {};
      return { content: [{ type: "text", text: JSON.stringify(result.body) }], structuredContent: result.body, ...meta };
    }
    return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
  } catch (err) {
    // x402 MCP transport: a payment required (or refused) is a tool error carrying the PaymentRequired,
    // as structuredContent and as the JSON text of content[0].
    const required = paymentRequiredOf(err);
    if (required) return { isError: true, structuredContent: required, content: [{ type: "text", text: JSON.stringify(required) }] };
    // The same status and `{ error, details, code }` as the HTTP route would answer, as a tool error.
    const { status, body } = toErrorResponse(err);
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ status, ...body }) }] };
  }
}

/** The x402 PaymentRequired of a 402 the engine threw (its challenge, with `error` the machine-readable reason), or null. */
function paymentRequiredOf(err: unknown): Record<string, unknown> | null {
  const fields = err instanceof ApiError && err.status === 402 ? err.fields : undefined;
  if (!fields || !("accepts" in fields)) return null;
  const { x402Version, error, resource, accepts, extensions } = fields;
  return { x402Version, error, resource, accepts, ...(extensions ? { extensions } : {}) };
}

/** A fresh MCP server with every tool registered; one per request (the transport is stateless). */
export function createMcpServer(ctx: McpServerContext): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: MCP_SERVER_TITLE, version: API_VERSION, websiteUrl: env.HUB_ORIGIN },
    { capabilities: { tools: { listChanged: false } }, instructions: MCP_INSTRUCTIONS },
  );
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, outputSchema: tool.output, annotations: tool.annotations },
      (args: unknown, extra: { _meta?: Record<string, unknown> }) => runTool(tool, args, { ...ctx, credentials: mcpCredentials(extra._meta) }),
    );
  }
  return server;
}
