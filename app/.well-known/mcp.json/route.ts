import { JsonAnswer } from "@/lib/http/plain-answer";
import { route } from "@/lib/http/route";
import { mcpCardOp } from "@/lib/openapi/paths-agents";
import { mcpCard } from "@/lib/mcp/mcp-card";

// GET /.well-known/mcp.json — machine-readable card of the MCP server at POST /mcp
export const GET = route(mcpCardOp, () => new JsonAnswer(mcpCard(), { "cache-control": "public, max-age=300" }));
