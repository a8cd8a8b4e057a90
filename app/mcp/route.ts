import { route } from "@/lib/http/route";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

// POST /mcp — the MCP server: Streamable HTTP, JSON-RPC, stateless; foreign browser Origins get 403
export const POST = route({}, ({ req, clientIp }) => handleMcpRequest({ req, client: clientIp }));
