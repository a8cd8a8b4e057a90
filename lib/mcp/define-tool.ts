import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";

export type McpToolContext = {
  /** The caller's address, for the limits that apply per client (the decision helpers' 30/min). */
  client: string;
};

/** A tool as the registry holds it: its types erased behind `call`, which parses its own arguments. */
export type McpTool = {
  name: string;
  title: string;
  /** What the tool does and when to use it; every argument is documented in its input schema. */
  description: string;
  input: z.ZodObject;
  output?: z.ZodObject;
  annotations: ToolAnnotations;
  call(args: unknown, ctx: McpToolContext): Promise<Record<string, unknown>>;
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
  run(args: z.output<I>, ctx: McpToolContext): Promise<O extends z.ZodObject ? z.output<O> : Record<string, unknown>>;
}): McpTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    input: tool.input,
    output: tool.output,
    annotations: { title: tool.title, readOnlyHint: true, openWorldHint: false, ...tool.annotations },
    call: async (args, ctx) => (await tool.run(tool.input.parse(args ?? {}), ctx)) as Record<string, unknown>,
  };
}
