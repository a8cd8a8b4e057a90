import { route } from "@/lib/http/route";
import { health } from "@/lib/hub/health";

// GET /health — database and chain liveness (503 when the database is down)
export const GET = route({}, async () => {
  const result = await health();
  return Response.json(result, { status: result.success ? 200 : 503, headers: { "cache-control": "no-store" } });
});
