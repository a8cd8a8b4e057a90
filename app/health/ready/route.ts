import { JsonAnswer } from "@/lib/http/plain-answer";
import { route } from "@/lib/http/route";
import { readyOp } from "@/lib/openapi/paths-meta";
import { readiness } from "@/lib/lifecycle/readiness";

// GET /health/ready — readiness: 200 once the database, the chain and the settler are ready; 503 before and while draining
export const GET = route(readyOp, async () => {
  const result = await readiness();
  return new JsonAnswer(result, { "cache-control": "no-store" }, result.ready ? 200 : 503);
});
