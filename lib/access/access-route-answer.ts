import { JsonAnswer } from "@/lib/http/plain-answer";
import type { AccessAnswer } from "./types";

/**
 * What an access route returns for an access answer: 200 JSON with its headers (written by the route
 * wrapper as a plain answer, lib/http/plain-answer.ts), or a 302 to a legacy share's URL.
 */
export function accessRouteAnswer<B>(answer: AccessAnswer<B>): Response | JsonAnswer {
  if (answer.kind === "redirect") return Response.redirect(answer.url, 302);
  return new JsonAnswer(answer.body, answer.headers);
}
