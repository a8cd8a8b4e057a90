import { JsonAnswer } from "@/lib/http/plain-answer";
import { route } from "@/lib/http/route";
import { healthOp } from "@/lib/openapi/paths-meta";
import { health } from "@/lib/hub/health";

// GET /health — database and chain liveness (503 when the database is down)
export const GET = route(healthOp, async () => {
  const result = await health();
  return new JsonAnswer(result, { "cache-control": "no-store" }, result.success ? 200 : 503);
});
