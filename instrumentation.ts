// Next.js calls register() once when a server instance starts.
export async function register() {
  // The settler and the lifecycle need Node (database drivers, timers, sockets); the edge runtime runs neither.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // An invalid configuration stops the server here, with every problem named, instead of answering
  // 500 to every request (server.mjs and the start command check it earlier still).
  const { exitOnInvalidConfig } = await import("./lib/lifecycle/exit-on-invalid-config");
  exitOnInvalidConfig();
  const { env } = await import("./lib/env");
  const { startSettler } = await import("./lib/x402/start-settler");
  const { startGatewayIndex } = await import("./lib/x402/gateway-index/start-gateway-index");
  const { startWebhookWorker } = await import("./lib/webhooks/start-webhook-worker");
  const { registerLifecycle } = await import("./lib/lifecycle/register-lifecycle");
  const { lifecycle } = await import("./lib/lifecycle/lifecycle");
  const { answerMetricsGathers } = await import("./lib/metrics/render-metrics");
  const settler = startSettler();
  const index = startGatewayIndex();
  const webhooks = startWebhookWorker();
  lifecycle().setPart("settler", env.SETTLE_INTERVAL_MS === 0 ? "off" : "running");
  // One of several workers (HUB_WORKERS): its instruments count in a scrape another worker serves.
  answerMetricsGathers();
  // A database set up in a way the hub degrades under (PostgreSQL without autovacuum) is named once.
  const { warnOnDatabaseSettings } = await import("./lib/ops/warn-on-database-settings");
  void warnOnDatabaseSettings();
  // On SIGTERM, after the requests in flight have answered: stop the settler, the deposit index and the
  // webhook worker and give up their leases (undelivered webhooks stay queued in the database).
  registerLifecycle({ onDrain: [settler.stop, index.stop, webhooks.stop] });
}
