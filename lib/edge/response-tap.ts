import type { ServerResponse } from "node:http";
import { BODY_ENCODING_HEADER } from "@/lib/http/internal-headers";

/**
 * The one patch of Node's `ServerResponse` in the app, for what Next's handler writes after the edge
 * has let the request through:
 * - `status`: the status a page's state needs where Next would answer 200 (a share page's 404, 410 or
 *   419, which a server component cannot set); any other status Next chose stays;
 * - `onChunk`: every body chunk written, as bytes (the page cache keeps a reader page's body);
 * - `encodedBody`: a body the route sent already encoded says so in BODY_ENCODING_HEADER, which becomes
 *   the answer's Content-Encoding (Next drops a route's own); the internal header never leaves.
 * Each call wraps the methods as they are, so two taps on one response both see everything.
 */
export function tapResponse(res: ServerResponse, { status, onChunk, encodedBody }: { status?: number; onChunk?: (chunk: Buffer) => void; encodedBody?: boolean }): void {
  if (encodedBody) {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const coding = this.getHeader(BODY_ENCODING_HEADER);
      if (coding !== undefined) {
        this.removeHeader(BODY_ENCODING_HEADER);
        this.setHeader("content-encoding", String(coding));
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
  }
  if (status !== undefined && status !== 200) {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
      return (writeHead as (...a: unknown[]) => ServerResponse).call(this, code === 200 ? status : code, ...rest);
    } as typeof res.writeHead;
  }
  if (!onChunk) return;
  const take = (chunk: unknown, encoding: unknown) => {
    if (chunk == null || typeof chunk === "function") return;
    onChunk(typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array));
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof res.end;
}
