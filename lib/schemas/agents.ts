import { z } from "zod";

/** One JSON-RPC 2.0 message as MCP clients POST it (a request, or a notification without id). */
export const jsonRpcMessage = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.int()]).optional().meta({ description: "Absent on notifications" }),
    method: z.string().meta({ description: "initialize, notifications/initialized, tools/list, tools/call, ping…" }),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({
    id: "JsonRpcRequest",
    example: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_hub_status", arguments: {} } },
  });

export const jsonRpcResponse = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.int(), z.null()]),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .meta({ id: "JsonRpcResponse" });

export const mcpCardSchema = z
  .looseObject({
    name: z.string(),
    title: z.string(),
    version: z.string(),
    description: z.string(),
    protocolVersion: z.string().meta({ description: "The latest MCP protocol version the server speaks" }),
    serverInfo: z.object({ name: z.string(), title: z.string(), version: z.string(), websiteUrl: z.string() }),
    transport: z.object({ type: z.literal("streamable-http"), url: z.string(), stateless: z.boolean(), methods: z.array(z.string()) }),
    capabilities: z.object({ tools: z.object({ listChanged: z.boolean() }) }),
    authentication: z.object({ required: z.boolean(), schemes: z.array(z.string()) }),
    instructions: z.string(),
    tools: z.array(
      z.object({
        name: z.string(),
        title: z.string(),
        description: z.string(),
        inputSchema: z.record(z.string(), z.unknown()).meta({ description: "JSON Schema of the arguments, as tools/list gives it" }),
        annotations: z.record(z.string(), z.unknown()),
      }),
    ),
    documentation: z.object({ llmsTxt: z.string(), llmsFullTxt: z.string(), openapi: z.string() }),
  })
  .meta({ id: "McpServerCard" });
