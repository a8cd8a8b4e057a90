import { BodyAnswer } from "@/lib/http/plain-answer";
import { route } from "@/lib/http/route";
import { llmsTxtOp } from "@/lib/openapi/paths-agents";
import { renderLlmsTxt } from "@/lib/openapi/render-agent-guides";

// GET /.well-known/llms.txt — guide for agents, naming only routes the OpenAPI document describes
export const GET = route(llmsTxtOp, () => new BodyAnswer(renderLlmsTxt(), { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" }));
