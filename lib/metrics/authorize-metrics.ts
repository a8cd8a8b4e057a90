import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

/**
 * GET /metrics is for the operator's scraper only: without METRICS_TOKEN configured the route does
 * not exist (404); with it, the request must carry `Authorization: Bearer <token>` (401 otherwise,
 * compared in constant time).
 */
export function authorizeMetrics(authorization: string | null): void {
  const token = env.METRICS_TOKEN;
  if (!token) throw new ApiError("not-found", "No such route on the hub");
  const given = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim() ?? "";
  const digest = (s: string) => createHash("sha256").update(s).digest();
  if (!given || !timingSafeEqual(digest(given), digest(token))) {
    throw new ApiError("unauthorized", "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>", { "www-authenticate": 'Bearer realm="metrics"' });
  }
}
