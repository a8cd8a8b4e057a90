/**
 * An answer the route wrapper has whole as text: a JSON value, an error, a 402 written around its kept
 * challenge. A caller that passes `answerPlain` in the handler's context (the edge,
 * lib/edge/serve-route.ts) gets it as it is and writes it to Node's response itself: no web Response,
 * Headers or body stream is built for it, which cost a 402 about a fifth of its time (undici checking the
 * 5 KB PAYMENT-REQUIRED value character by character, the body's web stream; bench/README.md, "Issue 38,
 * session 52"). Next, which passes nothing of the kind, gets the same answer as a Response.
 */
export type PlainAnswer = {
  status: number;
  /** Names as written (the edge lower-cases them); one value each. */
  headers: Readonly<Record<string, string>>;
  /** The body: text, or bytes as they were kept (a read-cache answer, lib/http/read-cache.ts). */
  text: string | Uint8Array;
};

/** Takes a plain answer; what it returns is what the handler returns. */
export type PlainAnswerSink = (answer: PlainAnswer) => Response;

/** The handler's context as the edge passes it: Next's `{ params }`, and the sink. */
export type HandlerContext = { params: Promise<Record<string, string | string[]>>; answerPlain?: PlainAnswerSink };

/** The answer as a Response, for a caller without a sink (Next, the read cache, a test). */
export function plainResponse({ status, headers, text }: PlainAnswer): Response {
  // Bytes are given as they are: the Response copies a view's bytes itself (undici's extractBody), so the
  // kept ones stay the cache's. The cast only narrows the view's buffer type (always an ArrayBuffer here).
  return new Response(text as string | Uint8Array<ArrayBuffer>, { status, headers });
}

/**
 * A JSON answer with headers or a status of its own (a paid unlock's receipt and its x402 headers, an
 * access grant), returned by a route handler where `Response.json` would be: the route wrapper writes it
 * as a plain answer (`{ ...JSON headers, ...headers }`, the value as JSON text), so no web Response,
 * Headers or body stream is made for it on the edge; Next gets the same answer as a Response.
 */
export class JsonAnswer {
  constructor(
    readonly value: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly status = 200,
  ) {}
}

/**
 * A body a route has whole — kept bytes (a built sitemap of megabytes, or its gzip with
 * BODY_ENCODING_HEADER saying so; the discovery document) or text (a feed, an agents' guide) — returned
 * by a route handler with its headers, Content-Type among them: the route wrapper writes it as a plain
 * answer, as it is, marked nosniff. Through a web Response the edge read a body back out of its stream
 * chunk by chunk: half the hub's CPU for a 3.8 MB sitemap (3.5 → 1.8 ms an answer; bench/README.md,
 * "Issue 38, session 63").
 */
export class BodyAnswer {
  constructor(
    readonly body: string | Uint8Array,
    readonly headers: Readonly<Record<string, string>> & { "content-type": string },
    readonly status = 200,
  ) {}
}
