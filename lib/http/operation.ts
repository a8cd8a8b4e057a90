import type { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from "zod-openapi";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** What the OpenAPI document says of an operation beyond the schemas the route parses and answers with. */
export type OperationDoc = Omit<ZodOpenApiOperationObject, "requestBody" | "requestParams" | "responses"> & {
  /** The success answer's description. */
  answer: string;
  /** The success answer's content when it is not the JSON `response` (a script, a feed, a file). */
  answerContent?: ZodOpenApiResponseObject["content"];
  /** Headers of the success answer (PAYMENT-RESPONSE, …). */
  answerHeaders?: ZodOpenApiResponseObject["headers"];
  /** Request headers the operation reads (credentials). */
  headers?: z.ZodObject;
  /** A request body that is not the JSON `body` schema (multipart uploads). */
  requestBody?: ZodOpenApiOperationObject["requestBody"];
  /** Every other status the operation answers (errors(…), 402 challenges). */
  responses?: ZodOpenApiResponsesObject;
};

/**
 * One operation of the API, declared once: the route wrapper (lib/http/route.ts) parses its input
 * with `params`/`query`/`body`, types the handler's answer against `response` and (outside
 * production, or under HUB_CHECK_ANSWERS) checks every JSON answer against it; the OpenAPI document
 * (lib/openapi/document.ts) is built from the same declaration by `pathsOf`.
 */
export type Operation<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = {
  method: Method;
  /** The OpenAPI path template (`/hub/tips/challenge`, a blog's `/api/svc/posts/{key}/quote`). */
  path: string;
  body?: B;
  query?: Q;
  params?: P;
  /** The success answer's JSON (status `status`, default 200). */
  response?: R;
  status?: 200 | 201;
  doc: OperationDoc;
};

/** Declares an operation (kept as written, so its schemas keep their types for the route). */
export function operation<
  B extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodUndefined,
>(op: Operation<B, Q, P, R>): Operation<B, Q, P, R> {
  return op;
}
