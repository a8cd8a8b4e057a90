// A small round-robin HTTP balancer on loopback, in front of several hub instances (the scale-out test
// stage). Like a real proxy it appends the client's address to X-Forwarded-For and sets
// X-Forwarded-Host / -Proto; it tells which instance answered in X-Hub-Upstream (index into
// `upstreams`). A request whose instance refuses the connection (stopped or killed) goes to the
// next one: it never reached that instance, so nothing can happen twice.
import http from "node:http";

export const UPSTREAM_HEADER = "x-hub-upstream";

/** @returns {Promise<{ url: string, stop: () => Promise<void> }>} */
export function startBalancer({ upstreams, port = 0, host = "127.0.0.1" }) {
  let next = 0;
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = Buffer.concat(chunks);
    const fwd = req.headers["x-forwarded-for"];
    const headers = {
      ...req.headers,
      "x-forwarded-for": fwd ? `${fwd}, ${req.socket.remoteAddress}` : req.socket.remoteAddress,
      "x-forwarded-host": req.headers.host ?? "",
      "x-forwarded-proto": "http",
    };
    const first = next++ % upstreams.length;
    const attempt = (tried) => {
      const index = (first + tried) % upstreams.length;
      const target = new URL(upstreams[index]);
      // A fresh connection per request (no keep-alive pool): a pooled socket to a killed instance would
      // fail with ECONNRESET, which cannot tell "never arrived" from "arrived and lost".
      const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: false }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [UPSTREAM_HEADER]: String(index) });
        answer.pipe(res);
      });
      up.on("error", (err) => {
        if (err.code === "ECONNREFUSED" && tried + 1 < upstreams.length) return attempt(tried + 1);
        if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ error: "bad gateway", details: err.message }));
        else res.destroy();
      });
      up.end(body);
    };
    attempt(0);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const { port: bound } = server.address();
      resolve({
        url: `http://${host}:${bound}`,
        stop: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
