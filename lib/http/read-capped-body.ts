import { heldBody } from "./held-body";

/**
 * Reads a request body into memory, refusing a declared (Content-Length) or actual size above `cap`
 * without buffering the rest: `tooLarge(bytes)` builds the error thrown (the route's 413 wording). A
 * body the edge already read whole (lib/http/held-body.ts) is taken as it is.
 */
export async function readCappedBody(req: Request, cap: number, tooLarge: (bytes: number) => Error): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > cap) throw tooLarge(declared);
  const held = heldBody(req);
  if (held) {
    if (held.byteLength > cap) throw tooLarge(held.byteLength);
    return held as Buffer<ArrayBuffer>;
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => {});
      throw tooLarge(total);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
