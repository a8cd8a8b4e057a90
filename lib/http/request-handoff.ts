import "server-only";
import { randomUUID } from "node:crypto";
import { processState } from "@/lib/process-state";

/**
 * A value the server's request hook (lib/http/page-edge.ts) already read for a request, handed to the page that renders the same
 * request so the page does not read it again (the share page's row: the hook needs it for the
 * status, the page for everything else). The server's hook and the pages are separate bundles in one
 * process, so the values live on globalThis; the request carries only a random id in HANDOFF_HEADER,
 * which the hook sets itself (a client's own copy is dropped first, lib/lifecycle/handle-request.ts). A value is
 * taken once; one whose page never renders (a HEAD, an aborted request) expires after HANDOFF_TTL_MS.
 */
export const HANDOFF_HEADER = "x-hub-handoff";
const HANDOFF_TTL_MS = 10_000;
const HANDOFF_MAX = 10_000;

type Entry = { kind: string; value: unknown; expires: number };
const entries = processState("request-handoff", () => new Map<string, Entry>());

/** A client cannot name a handoff: the hook drops the header first. */
export function dropClientHandoff(headers: Headers): void {
  headers.delete(HANDOFF_HEADER);
}

/** Keeps `value` for the page of this request (as `kind`) and names it in the request's headers. */
export function handOff(headers: Headers, kind: string, value: unknown, now = Date.now()): void {
  const map = entries();
  // Oldest first (insertion order): drop what has expired, and the oldest past the bound.
  for (const [id, e] of map) {
    if (e.expires > now && map.size < HANDOFF_MAX) break;
    map.delete(id);
  }
  const id = randomUUID();
  map.set(id, { kind, value, expires: now + HANDOFF_TTL_MS });
  headers.set(HANDOFF_HEADER, id);
}

/** The value the hook handed this request as `kind`, once; undefined when there is none (or it expired). */
export function takeHandoff<T>(headers: Pick<Headers, "get">, kind: string, now = Date.now()): T | undefined {
  const id = headers.get(HANDOFF_HEADER);
  if (!id) return undefined;
  const map = entries();
  const e = map.get(id);
  if (!e || e.kind !== kind) return undefined;
  map.delete(id);
  return e.expires > now ? (e.value as T) : undefined;
}
