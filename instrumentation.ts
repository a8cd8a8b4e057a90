// Next.js calls register() once when a server instance starts.
export async function register() {
  // The settler and the lifecycle need Node (database drivers, timers, sockets); the edge runtime runs neither.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startSettler } = await import("./lib/x402/start-settler");
  const { startGatewayIndex } = await import("./lib/x402/gateway-index/start-gateway-index");
  const { registerLifecycle } = await import("./lib/lifecycle/register-lifecycle");
  const settler = startSettler();
  const index = startGatewayIndex();
  // On SIGTERM, after the requests in flight have answered: stop the settler and the deposit index and give up their leases.
  registerLifecycle({ onDrain: [settler.stop, index.stop] });
}
