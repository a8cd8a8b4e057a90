// A creator's webhook receiver for tests: a real HTTP server on loopback. scripts/test.mjs pins
// hooks.localhost to 127.0.0.1:<APP_PORT + 51> in the hub's SITE_FETCH_ALLOW_HOSTS, so endpoints
// registered as http://hooks.localhost/<path> reach it. Each request is recorded with its raw body;
// `respond` decides the answer per request (a status, or "hang" to never answer within the timeout).
import http from "node:http";

export type Received = { path: string; headers: Record<string, string>; body: string; at: number };
export type Answer = number | "hang";

const HUB = new URL(process.env.HUB_URL ?? "http://127.0.0.1:3999");
export const RECEIVER_PORT = Number(HUB.port) + 51;
export const RECEIVER_HOST = "hooks.localhost";
export const receiverUrl = (path: string) => `http://${RECEIVER_HOST}${path}`;

export async function startWebhookReceiver(respond: (req: Received, nth: number) => Answer = () => 200) {
  const received: Received[] = [];
  let answer = respond;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : (v ?? "")]));
      const entry: Received = { path: (req.url ?? "/").split("?")[0]!, headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(entry);
      const nth = received.filter((r) => r.path === entry.path).length;
      const a = answer(entry, nth);
      if (a === "hang") return; // the hub's attempt times out; the socket is closed at close()
      res.writeHead(a, { "content-type": "text/plain" });
      res.end(a >= 200 && a < 300 ? "ok" : "nope");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(RECEIVER_PORT, "127.0.0.1", resolve);
  });
  return {
    received,
    /** Requests to one path, oldest first. */
    at: (path: string) => received.filter((r) => r.path === path),
    setRespond(next: (req: Received, nth: number) => Answer) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
