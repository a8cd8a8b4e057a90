import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { jsonRpcMessage, jsonRpcResponse, mcpCardSchema } from "@/lib/schemas/agents";
import { operation } from "@/lib/http/operation";
import { json, pathsOf } from "./helpers";

const plainText = { "text/plain": { schema: z.string() } };
const rpcError = (description: string) => json(jsonRpcResponse, description);

export const mcpOp = operation({
  method: "post",
  path: "/mcp",
  response: z.union([jsonRpcResponse, z.array(jsonRpcResponse)]),
  doc: {
    tags: ["agents"],
    summary: "The MCP server (Streamable HTTP, JSON-RPC 2.0, stateless)",
    description:
      "Model Context Protocol over Streamable HTTP. Stateless: no Mcp-Session-Id, every POST carries whole JSON-RPC messages and gets `application/json` back. " +
      "Send `Accept: application/json, text/event-stream` and, after initialize, `MCP-Protocol-Version`. No credentials. " +
      "A request with an Origin header must come from the hub's own origin or MCP_ALLOWED_ORIGINS (403 otherwise, the transport's DNS-rebinding rule). " +
      "Tools are listed by tools/list and in GET /.well-known/mcp.json; tool failures come back as results with isError and the HTTP error body as text. GET and DELETE answer 405.",
    headers: z.object({
      "mcp-protocol-version": z.string().optional().meta({ description: "The negotiated protocol version, on requests after initialize", example: "2025-11-25" }),
    }),
    // The transport reads the body itself (one message or a batch), so the wrapper parses none.
    requestBody: { required: true, content: { "application/json": { schema: z.union([jsonRpcMessage, z.array(jsonRpcMessage)]) } } },
    answer: "The JSON-RPC response(s)",
    responses: {
      "202": { description: "Accepted: the body held only notifications or responses" },
      "400": rpcError("Not JSON-RPC (parse error -32700 or invalid request -32600)"),
      "403": rpcError("Origin not allowed"),
      "406": rpcError("Accept does not list application/json and text/event-stream"),
      "413": rpcError("Body over 256 KiB"),
      "415": rpcError("Content-Type is not application/json"),
    },
  },
});

export const mcpCardOp = operation({
  method: "get",
  path: "/.well-known/mcp.json",
  response: mcpCardSchema,
  doc: {
    tags: ["agents"],
    summary: "Machine-readable card of the MCP server",
    description: "Server info, transport, capabilities and every tool with its input schema (the shape of the MCP server-card proposal, SEP-1649/2127, still a draft).",
    answer: "The card",
  },
});

export const mcpServerCardOp = operation({
  method: "get",
  path: "/.well-known/mcp/server-card.json",
  response: mcpCardSchema,
  doc: { tags: ["agents"], summary: "The same card at the path the MCP server-card proposal reserves", answer: "The card" },
});

export const llmsTxtOp = operation({
  method: "get",
  path: "/.well-known/llms.txt",
  doc: {
    tags: ["agents"],
    summary: "Guide for agents: what the hub is, how to discover, pay, re-read, tip, rate and use MCP",
    description: "Markdown (llmstxt.org). Names only routes this document describes.",
    answer: "The guide",
    answerContent: plainText,
  },
});

export const llmsFullTxtOp = operation({
  method: "get",
  path: "/.well-known/llms-full.txt",
  doc: {
    tags: ["agents"],
    summary: "The guide with worked examples, the MCP tools' arguments and the full API reference",
    description: "Generated from this OpenAPI document, so it lists exactly the routes the hub serves.",
    answer: "The full guide",
    answerContent: plainText,
  },
});

export const agentPaths: ZodOpenApiPathsObject = pathsOf(mcpOp, mcpCardOp, mcpServerCardOp, llmsTxtOp, llmsFullTxtOp);
