// A creator's web site for tests: a real HTTP server on loopback that answers per Host header, so
// several test domains can be pinned to it (SITE_FETCH_ALLOW_HOSTS=domain=127.0.0.1:port).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Page = { status?: number; body?: string | Buffer; headers?: Record<string, string> };

export async function startCreatorSite() {
  const pages = new Map<string, Page>();
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    const pathOnly = (req.url ?? "/").split("?")[0]!;
    hits.push(`${host}${pathOnly}`);
    const page = pages.get(`${host}${pathOnly}`);
    if (!page) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
      return;
    }
    res.writeHead(page.status ?? 200, { "content-type": "text/html; charset=utf-8", ...page.headers });
    res.end(page.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hits,
    /** Serves `page` for http://<host><path>. */
    set(host: string, path: string, page: Page) {
      pages.set(`${host}${path}`, page);
    },
    clear(host: string, path: string) {
      pages.delete(`${host}${path}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
