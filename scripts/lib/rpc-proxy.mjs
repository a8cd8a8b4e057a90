// A JSON-RPC pass-through in front of the test chain that tests can switch off, to see how the hub
// behaves when its chain stops answering: POST <url>/__proxy/down refuses every RPC call (the
// connection is reset) until POST <url>/__proxy/up. The hub under test uses it as RPC_URL; tests
// still talk to the chain directly.
import http from "node:http";

/** @returns {Promise<{ url: string, stop: () => Promise<void> }>} */
export function startRpcProxy({ target, host = "127.0.0.1" }) {
  let down = false;
  const server = http.createServer((req, res) => {
    if (req.url === "/__proxy/down" || req.url === "/__proxy/up") {
      down = req.url.endsWith("down");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ down }));
      return;
    }
    if (down) {
      req.socket.destroy();
      return;
    }
    const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      resolve({
        url: `http://${host}:${port}`,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
