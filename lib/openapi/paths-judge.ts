import type { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { classifyBody, classifyResponse, decideBody, decideResponse, tagsBody, tagsResponse } from "@/lib/schemas/judge";
import { operation } from "@/lib/http/operation";
import { errors, pathsOf } from "./helpers";

const common =
  "Rate limited to 30 requests per minute per client address (429 with Retry-After; shared across instances through Redis when configured). " +
  "Answered by the configured OpenAI-compatible provider (probabilities from token log-probabilities when it gives them, otherwise from a schema-constrained JSON answer) " +
  "or, with no provider configured, by the embedded local lexical scorer; `model` and `usage` say which. " +
  "Output rules: a chosen id is always one of the candidates (compared case-insensitively, returned as you spelled it), scores are clamped to 0..1, and an empty or unusable answer is a 502, never a guess. " +
  "501 when decisions are disabled on this hub. Provider keys never leave the server.";

const judgeOp = <B extends z.ZodType, R extends z.ZodType>(path: string, body: B, response: R, summary: string, description: string, answer: string) =>
  operation({ method: "post", path, body, response, doc: { tags: ["decisions"], summary, description, answer, responses: errors(400, 429, 501, 502) } });

export const decideOp = judgeOp(
  "/hub/judge/decide",
  decideBody,
  decideResponse,
  "Choose one of 2..12 candidates for a situation",
  `${common} Apply your own threshold to \`confidence\` before acting (the hub uses 0.6 for recipient inference and 0.65 for settle-versus-hold).`,
  "The choice, its confidence and the probability of every candidate",
);

export const classifyOp = judgeOp(
  "/hub/judge/classify",
  classifyBody,
  classifyResponse,
  "Probability that a page is a single creator-authored content page",
  `${common} The hub treats 0.65 and above as a content page.`,
  "The probability",
);

export const tagsOp = judgeOp(
  "/hub/judge/tags",
  tagsBody,
  tagsResponse,
  "Score candidate tags for a text",
  `${common} Each tag gets an independent probability; the hub keeps tentative tags at 0.6 and above, and never overwrites a publisher's tags.`,
  "The best topK tags at or above minProbability, best first",
);

export const judgePaths: ZodOpenApiPathsObject = pathsOf(decideOp, classifyOp, tagsOp);
