import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/** 403 unless the x-peer-secret header equals PEER_SECRET (compared in constant time, any length). */
export function assertPeerSecret(header: string | null) {
  const ok = !!header && timingSafeEqual(digest(header), digest(env.PEER_SECRET));
  if (!ok) throw new ApiError("invalid-peer-secret", "x-peer-secret is missing or does not match this hub's peer secret");
}
