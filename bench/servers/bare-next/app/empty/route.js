// The floor of bench/floor.mjs: an empty route handler in a bare Next.js app (no proxy, no config),
// built and served by the same Next and Node as the hub.
export const dynamic = "force-dynamic";

export function GET() {
  return new Response("ok\n", { headers: { "content-type": "text/plain; charset=utf-8" } });
}
