import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { env } from "@/lib/env";
import { createMcpServer } from "./create-mcp-server";

const MAX_BODY = 256 * 1024;

/** Origins a browser may call the MCP server from: the hub's own and MCP_ALLOWED_ORIGINS. */
export function mcpAllowedOrigins(): string[] {
  return [env.HUB_ORIGIN, ...env.MCP_ALLOWED_ORIGINS];
}

/**
 * One Streamable HTTP exchange with the MCP server, stateless (no session id; every POST carries
 * whole JSON-RPC messages and gets JSON back), so any app instance can answer any request.
 * A request with an Origin header must come from an allowed origin (the MCP transport's
 * DNS-rebinding rule); clients that send no Origin (agents, SDKs, curl) are served.
 */
export async function handleMcpRequest({ req, client }: { req: Request; client: string }): Promise<Response> {
  const origin = req.headers.get("origin");
  if (origin !== null && !mcpAllowedOrigins().includes(origin)) {
    return Response.json(
      { jsonrpc: "2.0", id: null, error: { code: -32000, message: `Forbidden: the Origin ${JSON.stringify(origin.slice(0, 200))} may not call this MCP server` } },
      { status: 403 },
    );
  }
  const server = createMcpServer({ client });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_BODY });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    await server.close();
  }
}
