import { JsonAnswer } from "@/lib/http/plain-answer";
import { route } from "@/lib/http/route";
import { mcpServerCardOp } from "@/lib/openapi/paths-agents";
import { mcpCard } from "@/lib/mcp/mcp-card";

// GET /.well-known/mcp/server-card.json — the MCP server card at the path the server-card proposal reserves
export const GET = route(mcpServerCardOp, () => new JsonAnswer(mcpCard(), { "cache-control": "public, max-age=300" }));
