import type { ZodOpenApiPathsObject } from "zod-openapi";
import { classifyBody, classifyResponse, decideBody, decideResponse, tagsBody, tagsResponse } from "@/lib/schemas/judge";
import { errors, json, jsonBody } from "./helpers";

const common =
  "Rate limited to 30 requests per minute per client address (429 with Retry-After; shared across instances through Redis when configured). " +
  "Answered by the configured OpenAI-compatible provider (probabilities from token log-probabilities when it gives them, otherwise from a schema-constrained JSON answer) " +
  "or, with no provider configured, by the embedded local lexical scorer; `model` and `usage` say which. " +
  "Output rules: a chosen id is always one of the candidates (compared case-insensitively, returned as you spelled it), scores are clamped to 0..1, and an empty or unusable answer is a 502, never a guess. " +
  "501 when decisions are disabled on this hub. Provider keys never leave the server.";

export const judgePaths: ZodOpenApiPathsObject = {
  "/hub/judge/decide": {
    post: {
      tags: ["decisions"],
      summary: "Choose one of 2..12 candidates for a situation",
      description: `${common} Apply your own threshold to \`confidence\` before acting (the hub uses 0.6 for recipient inference and 0.65 for settle-versus-hold).`,
      requestBody: jsonBody(decideBody),
      responses: { "200": json(decideResponse, "The choice, its confidence and the probability of every candidate"), ...errors(400, 429, 501, 502) },
    },
  },
  "/hub/judge/classify": {
    post: {
      tags: ["decisions"],
      summary: "Probability that a page is a single creator-authored content page",
      description: `${common} The hub treats 0.65 and above as a content page.`,
      requestBody: jsonBody(classifyBody),
      responses: { "200": json(classifyResponse, "The probability"), ...errors(400, 429, 501, 502) },
    },
  },
  "/hub/judge/tags": {
    post: {
      tags: ["decisions"],
      summary: "Score candidate tags for a text",
      description: `${common} Each tag gets an independent probability; the hub keeps tentative tags at 0.6 and above, and never overwrites a publisher's tags.`,
      requestBody: jsonBody(tagsBody),
      responses: { "200": json(tagsResponse, "The best topK tags at or above minProbability, best first"), ...errors(400, 429, 501, 502) },
    },
  },
};
