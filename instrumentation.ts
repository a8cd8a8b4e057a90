// Next.js calls register() once when a server instance starts.
export async function register() {
  // The settler and the lifecycle need Node (database drivers, timers, sockets); the edge runtime runs neither.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startSettler } = await import("./lib/x402/start-settler");
  const { registerLifecycle } = await import("./lib/lifecycle/register-lifecycle");
  const settler = startSettler();
  // On SIGTERM, after the requests in flight have answered: stop the settler and give up its lease.
  registerLifecycle({ onDrain: [settler.stop] });
}
