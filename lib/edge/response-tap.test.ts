// The one patch of ServerResponse (lib/edge/response-tap.ts), on a real Node HTTP server and client.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { gzipSync } from "node:zlib";
import { BODY_ENCODING_HEADER } from "@/lib/http/internal-headers";
import { tapResponse } from "./response-tap";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: http.RequestListener): Promise<{ status: number; body: string; headers: Headers }> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return { status: res.status, body: await res.text(), headers: res.headers };
}

describe("tapResponse", () => {
  it("answers the page's own status where the handler wrote 200, with the handler's headers", async () => {
    const res = await serve((_req, res) => {
      tapResponse(res, { status: 410 });
      res.writeHead(200, { "content-type": "text/html" });
      res.end("gone");
    });
    expect(res).toMatchObject({ status: 410, body: "gone" });
    expect(res.headers.get("content-type")).toBe("text/html");
  });

  it("keeps any other status the handler chose (a redirect, an error)", async () => {
    const res = await serve((_req, res) => {
      tapResponse(res, { status: 419 });
      res.statusCode = 500;
      res.end("broken");
    });
    expect(res.status).toBe(500);
  });

  it("sees every body chunk, strings in their encoding and bytes, as the client receives them", async () => {
    const chunks: Buffer[] = [];
    const res = await serve((_req, res) => {
      tapResponse(res, { onChunk: (c) => chunks.push(c) });
      res.write("héllo ");
      res.write(Buffer.from("wörld"));
      res.write("2064", "hex");
      res.end(" end", () => {});
    });
    expect(Buffer.concat(chunks).toString("latin1")).toBe(Buffer.from(res.body, "utf8").toString("latin1"));
    expect(res.body).toBe("héllo wörld d end");
  });

  it("composes: a status tap and a body tap on one response both hold", async () => {
    const chunks: Buffer[] = [];
    const res = await serve((_req, res) => {
      tapResponse(res, { onChunk: (c) => chunks.push(c) });
      tapResponse(res, { status: 404 });
      res.writeHead(200);
      res.end("nothing here");
    });
    expect(res).toMatchObject({ status: 404, body: "nothing here" });
    expect(Buffer.concat(chunks).toString()).toBe("nothing here");
  });

  it("makes a body's internal encoding header its Content-Encoding, headers written explicitly or not", async () => {
    for (const explicit of [false, true]) {
      const res = await serve((_req, res) => {
        tapResponse(res, { encodedBody: true });
        tapResponse(res, { status: 404 });
        res.setHeader(BODY_ENCODING_HEADER, "gzip");
        res.setHeader("content-type", "application/json");
        if (explicit) res.writeHead(200);
        res.end(gzipSync('{"kept":true}')); // a first write sends the head through writeHead too
      });
      expect(res).toMatchObject({ status: 404, body: '{"kept":true}' }); // fetch decoded it: the coding was named
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get(BODY_ENCODING_HEADER)).toBeNull();
    }
  });

  it("leaves an answer without the internal header as it is", async () => {
    const res = await serve((_req, res) => {
      tapResponse(res, { encodedBody: true });
      res.end("plain");
    });
    expect(res.body).toBe("plain");
    expect(res.headers.get("content-encoding")).toBeNull();
  });
});
