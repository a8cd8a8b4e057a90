import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { errorBodySchema } from "@/lib/http/errors";
import type { Operation } from "@/lib/http/operation";

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input: malformed JSON, a wrong type or a missing field (every failing field is named in `details`); text that is not well-formed Unicode or holds NUL (`invalid-text`, naming the field); a malformed percent-escape in the path (`malformed-url`)",
  401: "Not signed in, or the signature / nonce did not verify",
  402: "Payment required: the PAYMENT-REQUIRED header carries the x402 challenge",
  403: "Denied",
  404: "Not found",
  409: "Conflict",
  410: "Gone",
  405: "Method not allowed on this path (`method-not-allowed`); the Allow header lists the methods",
  415: "A non-empty body not sent as application/json (`unsupported-media-type`)",
  419: "Expired",
  429: "Rate limited",
  501: "Not enabled on this hub",
  502: "Upstream failure",
  503: "The chain does not answer",
};

export function json(schema: z.ZodType, description: string): ZodOpenApiResponseObject {
  return { description, content: { "application/json": { schema } } };
}

/** The `{ error, details, code }` body for each listed status. */
export function errors(...statuses: number[]): ZodOpenApiResponsesObject {
  return Object.fromEntries(statuses.map((s) => [String(s), json(errorBodySchema, ERROR_TEXT[s] ?? "Error")]));
}

type OperationObject = { requestBody?: unknown; responses?: ZodOpenApiResponsesObject };

/**
 * Adds the statuses every route can answer (lib/http): 400 for ill-formed text or a malformed path,
 * 405 with Allow for another method; 415 for a JSON request body sent as anything else. A status an
 * operation documents itself keeps its own text.
 */
export function withCommonStatuses(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(paths as Record<string, Record<string, unknown> | undefined>)) {
    if (!item) continue;
    out[path] = Object.fromEntries(
      Object.entries(item).map(([method, value]) => {
        if (!["get", "post", "put", "patch", "delete"].includes(method) || !value || typeof value !== "object") return [method, value];
        const op = value as OperationObject;
        const body = JSON.stringify(Object.keys((op.requestBody as { content?: object } | undefined)?.content ?? {}));
        const common = { ...errors(400, 405), ...(body.includes("application/json") ? errors(415) : {}) };
        return [method, { ...op, responses: { ...common, ...op.responses } }];
      }),
    );
  }
  return out as ZodOpenApiPathsObject;
}

export function jsonBody(schema: z.ZodType) {
  return { required: true, content: { "application/json": { schema } } };
}

/** The x402 v2 sign-in-with-x header, read by every operation that sells something that can be read again. */
export const siwxHeader = z.object({
  "sign-in-with-x": z.string().optional().meta({
    description: "x402 v2 sign-in-with-x proof (base64 JSON, signed over the 402's `extensions[\"sign-in-with-x\"]` challenge): a wallet that already bought the resource reads it again without paying. Single-use nonce, bound to the origin of the request, 5 minutes",
  }),
});

/**
 * The OpenAPI paths of declared operations (lib/http/operation.ts): the same params, query, body and
 * answer schemas the route wrapper parses and checks with, plus the operation's own text. Several
 * operations on one path share its path item.
 */
export function pathsOf(...ops: Operation[]): ZodOpenApiPathsObject {
  const out: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  for (const op of ops) {
    const { answer, answerContent, answerHeaders, headers, requestBody, responses, ...text } = op.doc;
    const requestParams = { ...(op.params && { path: op.params }), ...(op.query && { query: op.query }), ...(headers && { header: headers }) };
    const success = {
      ...(op.response ? json(op.response, answer) : { description: answer, ...(answerContent && { content: answerContent }) }),
      ...(answerHeaders && { headers: answerHeaders }),
    };
    (out[op.path] ??= {})[op.method] = {
      ...text,
      ...(Object.keys(requestParams).length ? { requestParams: requestParams as ZodOpenApiOperationObject["requestParams"] } : {}),
      ...(requestBody ? { requestBody } : op.body ? { requestBody: jsonBody(op.body) } : {}),
      responses: { [String(op.status ?? 200)]: success, ...responses },
    };
  }
  return out as ZodOpenApiPathsObject;
}
