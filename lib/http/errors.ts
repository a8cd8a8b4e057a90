import { z } from "zod";
import { logger } from "@/lib/log/logger";

/** Every error the API can answer with, by code. The status is decided here and nowhere else. */
export const ERROR_STATUS = {
  "pending-settlement": 202,
  "invalid-request": 400,
  "invalid-json": 400,
  "invalid-text": 400,
  "malformed-url": 400,
  "missing-recipient": 400,
  "invalid-amount": 400,
  "not-holdable": 400,
  unauthorized: 401,
  "invalid-signature": 401,
  "invalid-nonce": 401,
  "payment-required": 402,
  "payment-invalid": 402,
  forbidden: 403,
  "cross-origin": 403,
  "invalid-site-credentials": 403,
  "unknown-origin": 403,
  "site-removed": 403,
  "site-not-verified": 403,
  "verification-stale": 403,
  "invalid-content-id": 403,
  "recipient-not-site-owner": 403,
  "invalid-peer-secret": 403,
  // quickshare access denials (access rules 3–8)
  banned: 403,
  "not-invited": 403,
  "invalid-proof": 403,
  "possession-required": 403,
  "entitlement-revoked": 403,
  "entitlement-required": 403,
  "audience-blocked": 403,
  "payer-mismatch": 403,
  "not-found": 404,
  "method-not-allowed": 405,
  conflict: 409,
  "domain-registered-by-other-wallet": 409,
  "txhash-claimed-elsewhere": 409,
  "authorization-claimed-elsewhere": 409,
  "payment-identifier-reused": 409,
  "domain-claimed-by-other-wallet": 409,
  "refund-nonce-used": 409,
  gone: 410,
  "payload-too-large": 413,
  "unsupported-media-type": 415,
  expired: 419,
  "rate-limited": 429,
  internal: 500,
  "not-implemented": 501,
  "bad-gateway": 502,
  "peer-unavailable": 502,
  "chain-unavailable": 503,
  "payment-not-recorded": 503,
  "shutting-down": 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Short, stable titles for the `error` field; `details` says what exactly went wrong. */
const TITLES: Record<ErrorCode, string> = {
  "pending-settlement": "Gateway credit still settling",
  "invalid-request": "Invalid request",
  "invalid-json": "Malformed JSON body",
  "invalid-text": "Text is not well-formed Unicode",
  "malformed-url": "Malformed URL",
  "missing-recipient": "No recipient could be resolved",
  "invalid-amount": "Invalid amount",
  "not-holdable": "This tip cannot be held",
  unauthorized: "Sign-in required",
  "invalid-signature": "Signature verification failed",
  "invalid-nonce": "Invalid sign-in nonce",
  "payment-required": "Payment required",
  "payment-invalid": "Payment verification failed",
  forbidden: "Forbidden",
  "cross-origin": "Cross-origin request refused",
  "invalid-site-credentials": "Invalid site credentials",
  "unknown-origin": "Unknown origin",
  "site-removed": "Site removed",
  "site-not-verified": "Site not verified",
  "verification-stale": "Site verification is stale",
  "invalid-content-id": "Malformed content id",
  "recipient-not-site-owner": "Recipient is not an owner of the site",
  "invalid-peer-secret": "Invalid peer secret",
  banned: "Wallet banned",
  "not-invited": "Invite-only",
  "invalid-proof": "Invalid unlock proof",
  "possession-required": "Proof of wallet possession required",
  "entitlement-revoked": "Access revoked",
  "entitlement-required": "Entitlement required",
  "audience-blocked": "Not offered to this audience",
  "payer-mismatch": "Payer differs from the proven wallet",
  "not-found": "Not found",
  "method-not-allowed": "Method not allowed",
  conflict: "Conflict",
  "domain-registered-by-other-wallet": "Domain registered by another wallet",
  "txhash-claimed-elsewhere": "Transaction already claimed for other content",
  "authorization-claimed-elsewhere": "Authorization already used for other content",
  "payment-identifier-reused": "Payment identifier already used for another payment",
  "domain-claimed-by-other-wallet": "Domain already claimed by another wallet",
  "refund-nonce-used": "Refund message already used",
  gone: "Gone",
  "payload-too-large": "Payload too large",
  "unsupported-media-type": "Unsupported media type",
  expired: "Expired",
  "rate-limited": "Too many requests",
  internal: "Internal server error",
  "not-implemented": "Not enabled",
  "bad-gateway": "Upstream failure",
  "peer-unavailable": "Peer hub unavailable",
  "chain-unavailable": "Chain unavailable",
  "payment-not-recorded": "Paid, but not recorded yet",
  "shutting-down": "Instance shutting down",
};

/**
 * Body fields an error carries already written as JSON object members (`"a":1,"b":[…]`, no braces):
 * `json` must be `value` written out, without `error`, `details` and `code`. For large fields kept
 * between answers (a 402's challenge, lib/x402/payment-required.ts): the error map splices the text
 * instead of serialising the fields again; `value` serves whoever reads the body as an object (MCP),
 * and given as a function it is made only then.
 */
export class RenderedFields {
  #value: Record<string, unknown> | (() => Record<string, unknown>);
  constructor(
    value: Record<string, unknown> | (() => Record<string, unknown>),
    readonly json: string,
  ) {
    this.#value = value;
  }

  get value(): Record<string, unknown> {
    if (typeof this.#value === "function") this.#value = this.#value();
    return this.#value;
  }
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: string;
  readonly headers?: Record<string, string>;
  readonly extra?: Record<string, unknown> | RenderedFields;
  readonly status: number;
  /**
   * @param extra more body fields next to `{ error, details, code }` (e.g. the x402 challenge of a 402);
   * they never override those three.
   */
  constructor(code: ErrorCode, details: string, headers?: Record<string, string>, extra?: Record<string, unknown> | RenderedFields) {
    // An answer to the client (4xx) is not a fault of the hub: nobody reads its stack, and capturing one
    // costs a 402 challenge more than its JSON does (bench/README.md). A 5xx keeps its stack.
    const limit = Error.stackTraceLimit;
    if (ERROR_STATUS[code] < 500) Error.stackTraceLimit = 0;
    super(`${code}: ${details}`);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.details = details;
    this.headers = headers;
    this.extra = extra;
    this.status = ERROR_STATUS[code];
  }

  /** The extra body fields as an object, whether given as one or as RenderedFields. */
  get fields(): Record<string, unknown> | undefined {
    return this.extra instanceof RenderedFields ? this.extra.value : this.extra;
  }
}

export const errorBodySchema = z.object({
  error: z.string(),
  details: z.string(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An error answer written from RenderedFields: `text` spliced, `body` made only when read (a class: see lib/json-template.ts Filled). */
class SplicedError {
  readonly text: string;
  constructor(
    readonly status: number,
    readonly headers: Record<string, string> | undefined,
    private readonly rendered: RenderedFields,
    private readonly own: ErrorBody,
  ) {
    this.text = `{${rendered.json},${JSON.stringify(own).slice(1)}`;
  }

  get body(): ErrorBody {
    return { ...this.rendered.value, ...this.own };
  }
}

/** Renders zod issues as one line naming every failing field. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(body)"}: ${issue.message}`)
    .join("; ");
}

/**
 * Turns anything thrown into a status and an `{ error, details, code }` body; nothing internal leaks.
 * `text` is the body already written as JSON when the error carries RenderedFields (send it as is).
 */
export function toErrorResponse(err: unknown): { status: number; readonly body: ErrorBody; headers?: Record<string, string>; text?: string } {
  if (err instanceof ApiError) {
    const rendered = err.extra instanceof RenderedFields ? err.extra : undefined;
    const own = { error: TITLES[err.code], details: err.details, code: err.code };
    // A 402 is an answer to this request's credentials (or their absence): no cache may keep or replay it.
    const headers = err.status === 402 ? { ...err.headers, "cache-control": "no-store" } : err.headers;
    if (!rendered) return { status: err.status, body: { ...err.fields, ...own }, headers };
    // Fields kept as text: the answer is spliced from it, and the body as an object made only when read.
    return new SplicedError(err.status, headers, rendered, own);
  }
  if (err instanceof z.ZodError) {
    return { status: 400, body: { error: TITLES["invalid-request"], details: describeZodError(err), code: "invalid-request" } };
  }
  logger().error({ err }, "unhandled error");
  return { status: 500, body: { error: TITLES.internal, details: "An unexpected error occurred", code: "internal" } };
}
