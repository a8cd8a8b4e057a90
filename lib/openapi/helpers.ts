import type { z } from "zod";
import type { ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { errorBodySchema } from "@/lib/http/errors";

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input: malformed JSON, a wrong type or a missing field (every failing field is named in `details`)",
  401: "Not signed in, or the signature / nonce did not verify",
  402: "Payment required: the PAYMENT-REQUIRED header carries the x402 challenge",
  403: "Denied",
  404: "Not found",
  409: "Conflict",
  410: "Gone",
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

export function jsonBody(schema: z.ZodType) {
  return { required: true, content: { "application/json": { schema } } };
}
