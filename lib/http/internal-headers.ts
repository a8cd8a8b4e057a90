/**
 * The request headers only the edge may set, every one under INTERNAL_PREFIX. A client's own copies
 * are dropped once, on every path, before anything reads them (`stripInternalHeaders`, called first by
 * `openRequest` in lib/edge). Other x-hub- headers are not internal: x-hub-peer-addr is written by server.mjs
 * before the edge runs (over a client's copy), x-hub-test-now and x-hub-test-fault are a test's own.
 */
export const INTERNAL_PREFIX = "x-hub-";

/** The origin a hosted blog's reader used (the blog routes build their links from it; app/layout.tsx reads its presence). */
export const BLOG_ORIGIN_HEADER = `${INTERNAL_PREFIX}blog-origin`;
/**
 * The hosted blog a request is for: next.config.mjs rewrites a request carrying it into /sb/<domain>/…,
 * pages and API alike (the name is older than the API's use of it).
 */
export const BLOG_ROUTE_HEADER = `${INTERNAL_PREFIX}blog-page`;
/** The id of this request's handoff between the edge and the page (lib/edge/handoff.ts). */
export const HANDOFF_HEADER = `${INTERNAL_PREFIX}handoff`;

/**
 * A response header, not a request one: the route's body is already encoded with this coding (gzip, a
 * body kept compressed). Next drops a Content-Encoding a route handler sets (it cannot tell it from one
 * a fetch already decoded), so the route names the coding here and the edge, which let a request that
 * accepts an encoding through, makes it the answer's Content-Encoding (`tapResponse` in lib/edge).
 */
export const BODY_ENCODING_HEADER = `${INTERNAL_PREFIX}body-encoding`;

const INTERNAL_HEADERS = [BLOG_ORIGIN_HEADER, BLOG_ROUTE_HEADER, HANDOFF_HEADER];

/** Drops a client's copies of the internal headers. */
export function stripInternalHeaders(headers: Record<string, unknown>): void {
  for (const name of INTERNAL_HEADERS) delete headers[name];
}
