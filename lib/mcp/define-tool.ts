import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { Credentials } from "@/lib/x402/parse-credentials";
import type { PaidAnswer } from "./paid-answer";

/** What one MCP request brings to every tool it calls. */
export type McpServerContext = {
  /** The caller's address, for the limits that apply per client (the decision helpers' 30/min). */
  client: string;
};

/** One tools/call: the request's context and the call's own x402 credentials (its `params._meta["x402/payment"]`). */
export type McpToolContext = McpServerContext & { credentials: Credentials };

/** A tool as the registry holds it: its types erased behind `call`, which parses its own arguments. */
export type McpTool = {
  name: string;
  title: string;
  /** What the tool does and when to use it; every argument is documented in its input schema. */
  description: string;
  input: z.ZodObject;
  output?: z.ZodObject;
  annotations: ToolAnnotations;
  /** The result, or for a paid tool a PaidAnswer (the result and its x402 settlement). */
  call(args: unknown, ctx: McpToolContext): Promise<Record<string, unknown> | PaidAnswer>;
};

/**
 * Declares one MCP tool: a name, an input schema whose fields carry their descriptions (the
 * tool's documented arguments), and `run`, which calls one lib function. See lib/mcp/tools/.
 */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject | undefined = undefined>(tool: {
  name: string;
  title: string;
  description: string;
  input: I;
  output?: O;
  annotations?: ToolAnnotations;
  run(args: z.output<I>, ctx: McpToolContext): Promise<(O extends z.ZodObject ? z.output<O> : Record<string, unknown>) | PaidAnswer>;
}): McpTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    input: tool.input,
    output: tool.output,
    annotations: { title: tool.title, readOnlyHint: true, openWorldHint: false, ...tool.annotations },
    call: async (args, ctx) => (await tool.run(tool.input.parse(args ?? {}), ctx)) as Record<string, unknown> | PaidAnswer,
  };
}
