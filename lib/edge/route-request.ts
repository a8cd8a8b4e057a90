import type { IncomingHttpHeaders } from "node:http";
import { NextRequest } from "next/server";
import { NextURL } from "next/dist/server/web/next-url";
import { RequestCookies } from "next/dist/server/web/spec-extension/cookies";
import { holdBody } from "@/lib/http/held-body";

/** What a request carries: the bytes the edge read whole, the Node stream of a larger body, or nothing. */
type RouteRequestBody = Buffer | AsyncIterable<Uint8Array> | null;

const FULL = Symbol("the whole NextRequest");

/**
 * The request the edge hands a route handler or a page plug: a NextRequest to whoever reads it
 * (`instanceof NextRequest` and `instanceof Request` hold, and every property answers as a NextRequest's
 * would), whose parts are made when first read. `method`, `headers` (a `Headers` of the request's own),
 * `nextUrl`, `url` and `cookies` are made here, each on its first read. Anything else — the body and its
 * readers, `signal`, `clone()`, the fetch metadata — is read from a whole NextRequest made once, on first
 * need, from the same URL, method, headers and body.
 *
 * Made in full for every request, a NextRequest cost a cheap route about a tenth of its time, most of it
 * in undici's `Request` (its AbortSignal alone 2.6 %: bench/README.md, "Issue 38, session 53"), which
 * almost no route reads.
 *
 * A small body the edge read whole waits beside the request as bytes (lib/http/held-body.ts), where the
 * route wrapper's reader takes it; the whole request gets the same bytes. Headers changed through
 * `headers` after the whole request was made are not seen by it (no route changes its request's headers).
 */
class RouteRequest {
  readonly #url: string;
  readonly #method: string;
  readonly #node: IncomingHttpHeaders;
  readonly #body: RouteRequestBody;
  #headers?: Headers;
  #nextUrl?: NextURL;
  #href?: string;
  #cookies?: RequestCookies;
  #full?: NextRequest;

  constructor(url: string, method: string, node: IncomingHttpHeaders, body: RouteRequestBody) {
    this.#url = url;
    this.#method = method;
    this.#node = node;
    this.#body = body;
  }

  get method(): string {
    return this.#method;
  }

  get headers(): Headers {
    return (this.#headers ??= headersOf(this.#node));
  }

  /** As NextRequest's: a NextURL of the URL, given the request's headers (Next reads the host's locale from them). */
  get nextUrl(): NextURL {
    return (this.#nextUrl ??= new NextURL(this.#url, { headers: this.#node }));
  }

  /**
   * As NextRequest's (its NextURL as first made, whatever is later changed on `nextUrl`), without making
   * the NextURL: with no base path, locales or trailing-slash rule (this app sets none) a NextURL's string
   * is the WHATWG URL's, and parsing one costs a twentieth of a NextURL (session 53).
   */
  get url(): string {
    return (this.#href ??= new URL(this.#url).href);
  }

  get cookies(): RequestCookies {
    return (this.#cookies ??= new RequestCookies(this.headers));
  }

  /** Read without making the whole request: nothing has read a body that does not exist yet. */
  get bodyUsed(): boolean {
    return this.#full?.bodyUsed ?? false;
  }

  [FULL](): NextRequest {
    if (!this.#full) {
      const body = this.#body;
      const init = { method: this.#method, headers: this.headers, ...(body ? { body, duplex: "half" } : {}) };
      this.#full = new NextRequest(this.#url, init as ConstructorParameters<typeof NextRequest>[1]);
    }
    return this.#full;
  }
}

Object.setPrototypeOf(RouteRequest.prototype, NextRequest.prototype);

// Every other property of NextRequest and Request, read from the whole request.
const own = new Set<PropertyKey>(Reflect.ownKeys(RouteRequest.prototype));
for (const proto of [NextRequest.prototype, Request.prototype]) {
  for (const key of Reflect.ownKeys(proto)) {
    if (key === "constructor" || own.has(key)) continue;
    own.add(key);
    const desc = Object.getOwnPropertyDescriptor(proto, key)!;
    if (desc.get) {
      const get = desc.get;
      Object.defineProperty(RouteRequest.prototype, key, { get: function (this: RouteRequest) { return get.call(this[FULL]()); }, configurable: true });
    } else if (typeof desc.value === "function") {
      const method = desc.value as (...args: unknown[]) => unknown;
      Object.defineProperty(RouteRequest.prototype, key, { value: function (this: RouteRequest, ...args: unknown[]) { return method.apply(this[FULL](), args); }, configurable: true, writable: true });
    }
  }
}

/** A Headers of the request's own, in the order Node parsed them (a repeated header appended once per value). */
function headersOf(node: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const name in node) {
    const value = node[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else headers.append(name, value);
  }
  return headers;
}

/**
 * The request for `url` with the Node request's method and headers, and its body: bytes already read
 * (held beside it as well, for the route wrapper), a stream, or none.
 */
export function routeRequest(url: string, method: string, headers: IncomingHttpHeaders, body: RouteRequestBody): NextRequest {
  const req = new RouteRequest(url, method, headers, body) as unknown as NextRequest;
  if (Buffer.isBuffer(body)) holdBody(req, body);
  return req;
}
