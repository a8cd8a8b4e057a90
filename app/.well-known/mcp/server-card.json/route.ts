import { route } from "@/lib/http/route";
import { mcpCard } from "@/lib/mcp/mcp-card";

// GET /.well-known/mcp/server-card.json — the MCP server card at the path the server-card proposal reserves
export const GET = route({}, () => Response.json(mcpCard(), { headers: { "cache-control": "public, max-age=300" } }));
