import type { NextRequest } from "next/server";
import { ApiError } from "./errors";

/**
 * A cookie-authenticated write must come from one of `origins` (the hub's own pages, or a hosted
 * blog's origin). Browsers always send Origin on cross-origin writes (and Sec-Fetch-Site), so a
 * foreign page cannot ride the session cookie. Non-browser clients that send neither header are not
 * a CSRF vector and pass. The one check: the route wrapper runs it for hub sessions, the blog scope
 * (lib/blog/blog-scope.ts) for blog sessions.
 */
export function assertSameOrigin(req: NextRequest, origins: readonly string[]) {
  const origin = req.headers.get("origin");
  if (origin && origin !== "null") {
    if (!origins.includes(origin)) {
      throw new ApiError("cross-origin", `Writes with a session cookie must come from ${origins[0]}, not ${origin}`);
    }
    return;
  }
  if (origin === "null" || req.headers.get("sec-fetch-site") === "cross-site") {
    throw new ApiError("cross-origin", `Writes with a session cookie must come from ${origins[0]}`);
  }
}
