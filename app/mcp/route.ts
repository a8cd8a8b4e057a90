import { route } from "@/lib/http/route";
import { mcpOp } from "@/lib/openapi/paths-agents";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

// POST /mcp — the MCP server: Streamable HTTP, JSON-RPC, stateless; foreign browser Origins get 403
export const POST = route(mcpOp, ({ req, clientIp }) => handleMcpRequest({ req, client: clientIp }));
