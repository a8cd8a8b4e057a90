import type { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { ApiError } from "./errors";

/**
 * A cookie-authenticated write must come from the hub's own pages. Browsers always send Origin on
 * cross-origin writes (and Sec-Fetch-Site), so a foreign page cannot ride the session cookie.
 * Non-browser clients that send neither header are not a CSRF vector and pass.
 */
export function assertSameOrigin(req: NextRequest) {
  const origin = req.headers.get("origin");
  if (origin && origin !== "null") {
    if (origin !== env.HUB_ORIGIN && origin !== req.nextUrl.origin) {
      throw new ApiError("cross-origin", `Writes with a session cookie must come from ${env.HUB_ORIGIN}, not ${origin}`);
    }
    return;
  }
  if (origin === "null" || req.headers.get("sec-fetch-site") === "cross-site") {
    throw new ApiError("cross-origin", "Writes with a session cookie must come from the hub's own pages");
  }
}
