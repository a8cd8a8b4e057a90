import { BodyAnswer } from "@/lib/http/plain-answer";
import { route } from "@/lib/http/route";
import { llmsFullTxtOp } from "@/lib/openapi/paths-agents";
import { renderLlmsFullTxt } from "@/lib/openapi/render-agent-guides";

// GET /.well-known/llms-full.txt — the guide with worked examples and the API reference built from the OpenAPI document
export const GET = route(llmsFullTxtOp, () => new BodyAnswer(renderLlmsFullTxt(), { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" }));
