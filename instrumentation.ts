// Next.js calls register() once when a server instance starts.
export async function register() {
  // The settler needs Node (database drivers, timers); the edge runtime never runs it.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startSettler } = await import("./lib/x402/start-settler");
  startSettler();
}
