import { gunzipSync } from "node:zlib";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { readSession, type Session } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { clientAddress } from "./client-address";
import { answerDrift } from "./answer-drift";
import { ApiError, toErrorResponse, type ErrorBody } from "./errors";
import { findIllFormedText } from "./find-ill-formed-text";
import { BODY_ENCODING_HEADER } from "./internal-headers";
import type { Operation } from "./operation";
import { BodyAnswer, JsonAnswer, plainResponse, type HandlerContext, type PlainAnswer } from "./plain-answer";
import { requestMayHaveWritten, requestWroteBeyondCounts } from "@/lib/log/request-context";
import { cachedRead, invalidateReads, readCacheKey, readCacheOn, type WriteScope } from "./read-cache";
import { readCappedBody } from "./read-capped-body";
import { TEST_CLOCK_HEADER } from "./request-clock";
import { assertSameOrigin } from "./same-origin";

type SessionMode = "none" | "optional" | "session";

/**
 * A context a domain plugs into the wrapper, resolved once per request before the handler and spread
 * into its context (the hosted blog's modes, lib/blog/blog-scope.ts, as dub's withWorkspace carries
 * the workspace). `resolve` gets the raw path parameters, so a scope declares the ones it reads
 * (`host`) once instead of in every route; it runs the same-origin check itself (assertSameOrigin) for
 * the origin it knows. `readsSession` marks answers that depend on the caller: never kept in the read
 * cache, and a route that asks for `cache` with such a scope does not start.
 */
export type Scope<C extends object = object, S extends boolean = boolean> = {
  readsSession: S;
  resolve: (req: NextRequest, params: Record<string, string | string[]>) => Promise<C>;
};

type AuthMode = SessionMode | Scope;

type Spec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends z.ZodType, A extends AuthMode> = Partial<Omit<Operation<B, Q, P, R>, "body" | "query" | "params" | "response">> & {
  body?: B;
  query?: Q;
  params?: P;
  /**
   * The success answer's JSON schema (an Operation's, lib/http/operation.ts): the handler is typed
   * against it, and outside production (or under HUB_CHECK_ANSWERS) every JSON answer of a declared
   * status is checked against it and its `doc.responses`: a field the schema does not declare, or a
   * wrong type, answers 500 and is logged, so a test sees the drift.
   */
  response?: R;
  /**
   * "session" answers 401 without a live session; cookie-authenticated writes must be same-origin.
   * A Scope (e.g. `blogAdmin`) resolves its own context and roles.
   */
  auth?: A;
  /** Largest JSON body accepted, in bytes (default 1 MiB); a larger one answers 413 unread. */
  maxBodyBytes?: number;
  /**
   * A non-empty body must be sent as application/json (415 otherwise), so a cross-site form or
   * beacon (text/plain) cannot reach a cookie-authenticated route. "json-or-text" also takes
   * text/plain: only for routes that use no cookie (the widget's event beacon).
   */
  bodyType?: "json" | "json-or-text";
  /**
   * "counts": what this route writes changes only counts and rows a page shows as counts (a widget
   * event, a view, a sale and its ledger row), so its writes drop the kept read answers but leave the
   * anonymous readers' kept pages to their bound (lib/http/read-cache.ts). When it writes more (a
   * content row created or its listed fields changed), it says so (`noteWriteBeyondCounts`) and the
   * pages are dropped too, as after any route without this. A GET route's writes drop nothing unless
   * it declares this (a paid GET: a share's or a post's access, a pass, media).
   */
  writes?: WriteScope;
  /** Runs before anything is parsed (e.g. a credential header check that must answer 403 first). */
  guard?: (req: NextRequest) => void | Promise<void>;
  /**
   * GET answers are the same for every caller: keep them READ_CACHE_MS (lib/http/read-cache.ts).
   * Only for routes that read no session (auth "none", or a scope with readsSession false); checked
   * by the types and again when the route is built.
   */
  cache?: A extends "none" | Scope<object, false> ? boolean : never;
  /**
   * A standard that fixes its own error body (the x402 facilitator's `isValid`/`success` answers) adds
   * its fields here; `{ error, details, code }` and the status stay as the error map decides.
   */
  errorBody?: (body: ErrorBody) => Record<string, unknown>;
};

export type RouteContext<B, Q, P, A extends AuthMode> = {
  req: NextRequest;
  body: B;
  query: Q;
  params: P;
  clientIp: string;
} & (A extends Scope<infer C> ? C : { session: A extends "session" ? Session : Session | null });

/**
 * A handler's answer: a Response, a JsonAnswer (a value with headers or a status of its own), a
 * BodyAnswer (a body it has whole, with its headers), or (with a `response` schema) a value of that
 * schema sent as JSON.
 */
type Answer<R extends z.ZodType> = [R] extends [z.ZodUndefined] ? unknown : z.input<R> | Response | JsonAnswer | BodyAnswer;

type NextCtx = HandlerContext;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const DEFAULT_MAX_BODY = 1024 * 1024;
const JSON_HEADERS = Object.freeze({ "content-type": "application/json", "x-content-type-options": "nosniff" });

/**
 * The one wrapper every route handler goes through: awaits params, reads the session, parses
 * body/query/params with zod, and turns anything thrown into `{ error, details, code }` with the
 * status from the error map. A handler returns a Response, or a value sent as JSON with 200.
 */
export function route<
  B extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodUndefined,
  A extends AuthMode = "none",
>(
  spec: Spec<B, Q, P, R, A>,
  handler: (ctx: RouteContext<z.output<B>, z.output<Q>, z.output<P>, A>) => Promise<Answer<R>> | Answer<R>,
) {
  const auth: AuthMode = spec.auth ?? "none";
  const readsSession = typeof auth === "string" ? auth !== "none" : auth.readsSession;
  if (spec.cache && readsSession) throw new Error("route(): a route that reads a session cannot keep its answers in the read cache (cache: true)");
  return async (req: NextRequest, nextCtx?: NextCtx): Promise<Response> => {
    // An answer the wrapper writes itself goes to the edge's sink as text when there is one (lib/http/plain-answer.ts).
    const send = (answer: PlainAnswer) => (nextCtx?.answerPlain ? nextCtx.answerPlain(answer) : plainResponse(answer));
    try {
      await spec.guard?.(req);
      const rawParams = nextCtx ? await readParams(nextCtx) : {};
      // The query from the request's URL, not its NextURL: making a NextURL cost a 402 3 % (session 53).
      const url = new URL(req.url);
      const rawQuery = Object.fromEntries(url.searchParams);
      // Every string a route can store is checked once, here: well-formed Unicode without NUL.
      assertCleanText(rawParams, "path");
      assertCleanText(rawQuery, "query");
      const params = spec.params ? parseOrThrow(spec.params, rawParams, "path") : undefined;
      const query = spec.query ? parseOrThrow(spec.query, rawQuery, "query") : undefined;
      let body: unknown;
      if (spec.body) {
        const raw = await readJson(req, spec.maxBodyBytes ?? DEFAULT_MAX_BODY, spec.bodyType ?? "json");
        assertCleanText(raw, "body");
        body = parseOrThrow(spec.body, raw, "body");
      }

      let scoped: object;
      if (typeof auth !== "string") scoped = await auth.resolve(req, rawParams);
      else {
        let session: Session | null = null;
        if (auth !== "none") {
          session = await readSession(req);
          if (session && MUTATING.has(req.method)) assertSameOrigin(req, [env.HUB_ORIGIN, req.nextUrl.origin]);
          if (!session && auth === "session") throw new ApiError("unauthorized", "Sign in with your wallet first (GET /auth/nonce, POST /auth/verify)");
        }
        scoped = { session };
      }

      const answer = async (): Promise<Response | PlainAnswer> => {
        const result = await handler({ ...scoped, req, body, query, params, clientIp: clientAddress(req) } as RouteContext<z.output<B>, z.output<Q>, z.output<P>, A>);
        const check = spec.response && checkAnswers();
        if (result instanceof Response) {
          if (check) await assertDeclaredAnswer(spec as Operation, result.status, result.headers.get("content-type"), () => readAnswerJson(result));
          return nosniff(result);
        }
        if (result instanceof BodyAnswer) {
          const whole = { status: result.status, headers: { "x-content-type-options": "nosniff", ...result.headers }, text: result.body };
          if (check) await assertDeclaredAnswer(spec as Operation, whole.status, result.headers["content-type"], async () => jsonOfBody(result.body, result.headers[BODY_ENCODING_HEADER]));
          return whole;
        }
        const plain =
          result instanceof JsonAnswer
            ? { status: result.status, headers: { ...JSON_HEADERS, ...result.headers }, text: JSON.stringify(result.value) }
            : { status: spec.status ?? 200, headers: JSON_HEADERS, text: JSON.stringify(result ?? { success: true }) };
        if (check) await assertDeclaredAnswer(spec as Operation, plain.status, "application/json", async () => JSON.parse(plain.text));
        return plain;
      };
      // A request that names its own decision time (tests) is never answered from the cache.
      const cacheable = spec.cache && !readsSession && req.method === "GET" && readCacheOn() && !req.headers.has(TEST_CLOCK_HEADER);
      const answered = cacheable ? await cachedRead(readCacheKey(req, url), answer) : await answer();
      return answered instanceof Response ? answered : send(answered);
    } catch (err) {
      const mapped = toErrorResponse(err); // its `body` read only when the answer is not its `text`
      const json = mapped.text !== undefined && !spec.errorBody ? mapped.text : JSON.stringify(spec.errorBody ? { ...spec.errorBody(mapped.body), ...mapped.body } : mapped.body);
      return send({ status: mapped.status, headers: { ...JSON_HEADERS, ...mapped.headers, "content-type": "application/json" }, text: json });
    } finally {
      // Whatever a write changed, kept read answers may show the state before it. A request that sent
      // the database no statement that may write (a 402 challenge, a refused input) drops nothing.
      // A route of counts (`writes`) that created or changed a listed row drops the kept pages too. A GET
      // that writes drops nothing (a sign-in nonce, a session's touch) unless its route declares
      // `writes`: a paid GET (a share's or a post's access, a pass, media) records a sale.
      if ((MUTATING.has(req.method) || spec.writes) && requestMayHaveWritten()) invalidateReads(spec.writes === "counts" && !requestWroteBeyondCounts() ? "counts" : "all");
    }
  };
}

const checkAnswers = () => env.NODE_ENV !== "production" || env.HUB_CHECK_ANSWERS;

/** A JSON answer must be what the operation declares for its status (drift is a bug: thrown, so 500 and logged). */
async function assertDeclaredAnswer(op: Operation, status: number, contentType: string | null, json: () => Promise<unknown>) {
  if (!(contentType ?? "").includes("json")) return;
  const declared = status === (op.status ?? 200) ? op.response : jsonSchemaOf(op.doc?.responses?.[String(status) as "200"]);
  const where = `${op.method?.toUpperCase() ?? ""} ${op.path ?? "(route)"} answered ${status}`;
  if (!declared) {
    if (status < 300) throw new Error(`${where}, a status its operation does not declare`);
    return;
  }
  const drift = answerDrift(declared, await json());
  if (drift) throw new Error(`${where} off its declared schema: ${drift}`);
}

/** A Response's JSON as the client reads it, left unread for the client: a body kept compressed (BODY_ENCODING_HEADER) decoded. */
async function readAnswerJson(res: Response): Promise<unknown> {
  return jsonOfBody(new Uint8Array(await res.clone().arrayBuffer()), res.headers.get(BODY_ENCODING_HEADER));
}

/** A JSON body as the client reads it: bytes gzip-compressed (BODY_ENCODING_HEADER) decoded first. */
function jsonOfBody(body: string | Uint8Array, coding: string | null | undefined): unknown {
  return JSON.parse(typeof body === "string" ? body : new TextDecoder().decode(coding === "gzip" ? gunzipSync(body) : body));
}

function jsonSchemaOf(response: unknown): z.ZodType | undefined {
  const schema = (response as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.["application/json"]?.schema;
  return schema instanceof z.ZodType ? schema : undefined;
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues
    .map((i) => `${i.path.length ? i.path.join(".") : `(${where})`}: ${i.message}`)
    .join("; ");
  throw new ApiError("invalid-request", details);
}

/** Path parameters; a malformed percent-escape (which the API edge, lib/http/api-edge.ts, normally answers first) is 400, not 500. */
async function readParams(nextCtx: NextCtx) {
  try {
    return await nextCtx.params;
  } catch (err) {
    if (err instanceof URIError) throw new ApiError("malformed-url", "A path segment holds a malformed percent-escape");
    throw err;
  }
}

function assertCleanText(value: unknown, where: string) {
  const bad = findIllFormedText(value, where);
  if (bad) throw new ApiError("invalid-text", `${bad}: text must be well-formed Unicode without NUL characters (a lone UTF-16 surrogate or \\u0000 was sent)`);
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

async function readJson(req: NextRequest, maxBytes: number, bodyType: "json" | "json-or-text"): Promise<unknown> {
  const text = await readLimitedText(req, maxBytes);
  if (!text.trim()) return {};
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!JSON_TYPE.test(type) && !(bodyType === "json-or-text" && type === "text/plain")) {
    throw new ApiError("unsupported-media-type", `Send the body as application/json (Content-Type was ${type ? `"${type}"` : "missing"})`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError("invalid-json", `The body is not valid JSON: ${(err as Error).message}`);
  }
}

/** The body as UTF-8, refusing (413) a declared or actual size above `maxBytes` without buffering the rest. */
async function readLimitedText(req: NextRequest, maxBytes: number): Promise<string> {
  const body = await readCappedBody(req, maxBytes, () => new ApiError("payload-too-large", `The request body is larger than ${maxBytes} bytes`));
  return body.toString("utf8");
}

// The request hook sets every security header, but it skips the upload routes (their 30 MB bodies): the
// wrapper marks its own answers nosniff too, so no JSON is ever sniffed as HTML.
function nosniff(res: Response): Response {
  if (!res.headers.has("x-content-type-options")) {
    try {
      res.headers.set("x-content-type-options", "nosniff");
    } catch {
      // immutable headers (a forwarded fetch response): left as they are
    }
  }
  return res;
}
