import { route } from "@/lib/http/route";
import { metricsOp } from "@/lib/openapi/paths-meta";
import { authorizeMetrics } from "@/lib/metrics/authorize-metrics";
import { renderMetrics } from "@/lib/metrics/render-metrics";

// GET /metrics — this instance's Prometheus metrics (bearer METRICS_TOKEN; 404 when it is not configured)
export const GET = route(metricsOp, async ({ req }) => {
  authorizeMetrics(req.headers.get("authorization"));
  const { contentType, body } = await renderMetrics();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
