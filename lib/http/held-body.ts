/**
 * A small request body the edge read whole before the route handler ran (lib/edge/serve-route.ts),
 * kept beside its Request rather than inside it: a web Request's body is a web stream, and building
 * that stream and reading it back cost a small JSON POST about a tenth of a 402's time
 * (bench/README.md, "Issue 38, session 52"). The Request still gives the bytes to anyone who reads it
 * the standard way (lib/edge/route-request.ts); the route wrapper's reader (readCappedBody) takes
 * them from here.
 */
const held = new WeakMap<Request, Buffer>();

export function holdBody(req: Request, bytes: Buffer): void {
  held.set(req, bytes);
}

/** The bytes the edge read for this request, if it did (the request's own body is then empty). */
export function heldBody(req: Request): Buffer | undefined {
  return held.get(req);
}
