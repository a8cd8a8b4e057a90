import { randomUUID } from "node:crypto";
import { processState } from "@/lib/process-state";
import { HANDOFF_HEADER } from "@/lib/http/internal-headers";

export { HANDOFF_HEADER };

/**
 * The one channel between the edge and the page that renders the same request, both ways:
 * - values the edge already read, handed to the page so it does not read them again (the share page's
 *   row: the edge needs it for the status, the page for everything else), taken once, by kind;
 * - the page's word that its render is every anonymous reader's and may be kept (`keepPage`), asked
 *   for by the page cache (`offerKeep`) and read back when the response closes (`closeHandoff`).
 *
 * The edge and the pages are separate bundles in one process, so the entries live on globalThis; the
 * request carries only a random id in HANDOFF_HEADER, which the edge sets itself (a client's own copy
 * is dropped first, lib/http/internal-headers.ts). A value whose page never renders (a HEAD, an aborted
 * request) expires after HANDOFF_TTL_MS; an entry the page cache waits on lives until its response closes.
 */
const HANDOFF_TTL_MS = 10_000;
const HANDOFF_MAX = 10_000;

/** What a page said of its render (`keepPage`); `keep: false` until it says so. */
export type KeepDeclaration = { keep: boolean; until?: number; onHit?: () => void };
type Entry = { values: Map<string, unknown>; expires: number; keep?: KeepDeclaration };
/** A request's headers as the edge (a plain object) or a page (`Headers`) holds them. */
type HeaderBag = Pick<Headers, "get" | "set">;

const entries = processState("request-handoff", () => new Map<string, Entry>());

/** A client cannot name a handoff: the edge drops the header first. */
export function dropClientHandoff(headers: Pick<Headers, "delete">): void {
  headers.delete(HANDOFF_HEADER);
}

/** This request's entry, made (and named in its headers) when it has none yet. */
function entryOf(headers: HeaderBag, now: number): Entry {
  const id = headers.get(HANDOFF_HEADER);
  const map = entries();
  const found = id ? map.get(id) : undefined;
  if (found) return found;
  // Oldest first (insertion order): drop what has expired, and the oldest past the bound.
  for (const [old, e] of map) {
    if (e.expires > now && map.size < HANDOFF_MAX) break;
    map.delete(old);
  }
  const fresh: Entry = { values: new Map(), expires: now + HANDOFF_TTL_MS };
  const made = randomUUID();
  map.set(made, fresh);
  headers.set(HANDOFF_HEADER, made);
  return fresh;
}

/** Keeps `value` for the page of this request (as `kind`) and names it in the request's headers. */
export function handOff(headers: HeaderBag, kind: string, value: unknown, now = Date.now()): void {
  entryOf(headers, now).values.set(kind, value);
}

/** The value the edge handed this request as `kind`, once; undefined when there is none (or it expired). */
export function takeHandoff<T>(headers: Pick<Headers, "get">, kind: string, now = Date.now()): T | undefined {
  const id = headers.get(HANDOFF_HEADER);
  if (!id) return undefined;
  const e = entries().get(id);
  if (!e || !e.values.has(kind)) return undefined;
  const value = e.values.get(kind) as T;
  e.values.delete(kind);
  if (e.values.size === 0 && !e.keep) entries().delete(id);
  return e.expires > now ? value : undefined;
}

/**
 * The page cache offers to keep this request's render: the page may now say so (`keepPage`). Returns
 * the entry's id, for `closeHandoff` when the response closes; the entry does not expire before then.
 */
export function offerKeep(headers: HeaderBag, now = Date.now()): string {
  const e = entryOf(headers, now);
  e.keep = { keep: false };
  e.expires = Number.POSITIVE_INFINITY;
  return headers.get(HANDOFF_HEADER)!;
}

/**
 * For a reader page's server component: this request's render is the same for every anonymous reader
 * and may be kept. `until` ends it sooner (a share's expiry); `onHit` runs for every reader served the
 * kept page (the render counted this one itself). Does nothing when the edge did not offer to keep it.
 */
export function keepPage(headers: Pick<Headers, "get">, { until, onHit }: { until?: Date; onHit?: () => void } = {}): void {
  const id = headers.get(HANDOFF_HEADER);
  const e = id ? entries().get(id) : undefined;
  if (e?.keep) e.keep = { keep: true, until: until?.getTime(), onHit };
}

/** The response of request `id` closed: its entry goes, and what the page said of keeping it is returned. */
export function closeHandoff(id: string): KeepDeclaration | undefined {
  const map = entries();
  const e = map.get(id);
  map.delete(id);
  return e?.keep;
}
