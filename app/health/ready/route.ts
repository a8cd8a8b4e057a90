import { route } from "@/lib/http/route";
import { readyOp } from "@/lib/openapi/paths-meta";
import { readiness } from "@/lib/lifecycle/readiness";

// GET /health/ready — readiness: 200 once the database, the chain and the settler are ready; 503 before and while draining
export const GET = route(readyOp, async () => {
  const result = await readiness();
  return Response.json(result, { status: result.ready ? 200 : 503, headers: { "cache-control": "no-store" } });
});
