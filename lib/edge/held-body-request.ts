import { NextRequest } from "next/server";
import { heldBody, holdBody } from "@/lib/http/held-body";

type Init = ConstructorParameters<typeof NextRequest>[1];

/**
 * A NextRequest whose body the edge already holds as bytes (lib/http/held-body.ts): it is built without
 * a body, so no web stream is made for it, and the bytes wait beside it. The route wrapper reads them
 * from there; anything that reads the request the standard way (`body`, `text()`, `json()`,
 * `formData()`, `clone()`, …) gets a Request made from the same bytes on first use. Unlike a stream, the
 * held bytes can be read more than once (nothing here reads a body twice).
 */
class HeldBodyRequest extends NextRequest {}

const BODY_METHODS = ["arrayBuffer", "blob", "bytes", "formData", "json", "text"] as const;
const withBody = new WeakMap<Request, Request>();

/** The same request with its body in it, made once. */
function bodied(req: Request): Request {
  let full = withBody.get(req);
  if (!full) withBody.set(req, (full = new Request(req.url, { method: req.method, headers: req.headers, body: heldBody(req), duplex: "half" } as RequestInit)));
  return full;
}

Object.defineProperties(HeldBodyRequest.prototype, {
  body: { get: function (this: Request) { return bodied(this).body; }, configurable: true },
  bodyUsed: { get: function (this: Request) { return withBody.get(this)?.bodyUsed ?? false; }, configurable: true },
  clone: { value: function (this: Request) { return new NextRequest(bodied(this).clone()); }, configurable: true, writable: true },
  ...Object.fromEntries(
    BODY_METHODS.map((name) => [name, { value: function (this: Request) { const full = bodied(this); return (full[name] as () => Promise<unknown>).call(full); }, configurable: true, writable: true }]),
  ),
});

export function requestWithHeldBody(url: string, init: Init, bytes: Buffer): NextRequest {
  const req = new HeldBodyRequest(url, { ...init, body: null });
  holdBody(req, bytes);
  return req;
}
