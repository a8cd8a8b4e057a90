import type { AccessAnswer } from "./types";

/** The HTTP response of an access answer: 200 JSON with its headers, or a 302 to a legacy share's URL. */
export function answerResponse<B>(answer: AccessAnswer<B>): Response {
  if (answer.kind === "redirect") return Response.redirect(answer.url, 302);
  return Response.json(answer.body, { headers: answer.headers });
}
