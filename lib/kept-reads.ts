import "server-only";
import { lruMemo } from "@/lib/lru-memo";
import { metrics } from "@/lib/metrics/metrics";
import { processState } from "@/lib/process-state";

/**
 * Rows a Gateway sale is priced from without reading them first: on PostgreSQL each read before a sale is
 * a round trip (130–1,050 µs of the hub's CPU, bench/README.md, sessions 72 and 73). What one sale read is
 * kept in this process for a while, and later sales of the same thing are priced from that copy; each
 * such sale checks the copy in its own block (an `OrderedStatement` of the adapter's: 0 while the rows
 * hold the values the copy has) and fails before it has written anything when they do not. The request
 * is then decided again from a fresh read, which is kept in the copy's place (`ReadAgain`, lib/x402). A
 * kept copy never decides a charge or a refusal: it only lets a sale skip the read that would confirm it.
 *
 * One mechanism, two adapters: a tracked item's content row (lib/content/kept-sale-rows.ts) and a
 * facilitator call's key, site and page (lib/facilitator/kept-facilitator-calls.ts).
 */

/**
 * How a lookup may use the kept reads: "use" a kept copy when there is one (else read and keep), or
 * "renew" them: read afresh and keep that (a request a kept copy could not decide, decided again).
 */
export type KeptRows = "use" | "renew";

/** What is kept of one read: the copy later lookups get, until `until` (ms since the epoch). */
export type Keep<T> = { copy: T; until: number };

/** The `kind` label of hub_kept_sale_rows_total: whose reads they are. */
export type KeptKind = "content" | "facilitator";

/**
 * A process's kept reads of one kind, at most `max` of them (the least recently used goes first).
 * `lookup(key, how, read, keep)` answers the kept copy for `key` while it lasts (how "use"), else
 * `read()`'s own result, and keeps what `keep` makes of it: only a read that found something should be
 * kept (ids anyone can make up must not take the place of rows that exist), so `keep` answers null for
 * the rest. The copies `keep` makes are marked with `mark`, so a caller can tell them (`isKept`) from
 * the read that priced its own request.
 */
export function keptReads<T>(kind: KeptKind, max: number) {
  const state = processState(`kept-reads.${kind}`, () => ({ kept: lruMemo<Keep<T>>(max), copies: new WeakSet<object>() }));
  const count = (result: "hit" | "miss" | "renewed" | "changed") => metrics().keptSaleRows.inc({ kind, result });
  return {
    lookup(key: string, how: KeptRows, read: () => Promise<T>, keep: (found: T, now: number) => Keep<T> | null): Promise<T> {
      const now = Date.now();
      const hit = how === "use" ? state().kept.peek(key) : undefined;
      if (hit && now < hit.until) {
        count("hit");
        return Promise.resolve(hit.copy);
      }
      count(how === "use" ? "miss" : "renewed");
      // This request is priced from the read itself; later ones from the marked copies, which their sales
      // check. A copy is kept only once its read has answered.
      const found = read();
      found.then(
        (value) => {
          const kept = keep(value, now);
          if (kept) state().kept.set(key, kept);
        },
        () => undefined,
      );
      return found;
    },
    /** Marks `copy` as kept (its sale must check it); answers it. */
    mark<O extends object>(copy: O): O {
      state().copies.add(copy);
      return copy;
    },
    /** Whether `value` is a kept copy (served without a read), which a sale must check in its own block. */
    isKept: (value: object): boolean => state().copies.has(value),
    /** A sale's check found a kept copy out of date. */
    changed: () => count("changed"),
  };
}
