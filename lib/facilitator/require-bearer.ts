import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/http/errors";

/** Route guard: a facilitator call without a Bearer credential is 401 before its body is read. */
export function requireBearer(req: NextRequest): void {
  if (!/^Bearer\s+\S+/i.test(req.headers.get("authorization") ?? "")) {
    throw new ApiError("unauthorized", "Send the site's facilitator key as Authorization: Bearer <key> (issued at POST /hub/sites/<websiteId>/facilitator-keys)");
  }
}
