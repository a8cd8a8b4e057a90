/**
 * A bounded memo (least recently used goes first): `get(key, compute)` answers the kept value for
 * `key`, else computes, keeps and answers it. For values fully determined by their key (a signed
 * offer for its terms and window, a declaration for its resource), never for anything that reads state.
 * `peek` and `set` serve a caller that checks a kept value before trusting it (a blob header bound to
 * the stored version it was verified against: lib/access/verified-headers.ts).
 */
export function lruMemo<V>(max: number) {
  const kept = new Map<string, V>();
  const keep = (key: string, value: V) => {
    kept.delete(key);
    kept.set(key, value); // most recently used last: Map keeps insertion order, the first key goes first
    while (kept.size > max) kept.delete(kept.keys().next().value!);
    return value;
  };
  // Recency is kept from half full on: below that nothing will be dropped before the kept values used
  // since have been moved up, and a hit is then one Map lookup (the kept statements and raw plans are
  // looked up a dozen times a request and never fill: 2.1 % of a paid unlock's thread, session 50).
  const reorderFrom = max >> 1;
  /** A kept value (moved to the most recently used end from half full on); undefined when not kept. */
  const hit = (key: string): V | undefined => {
    const value = kept.get(key);
    if (value === undefined && !kept.has(key)) return undefined;
    if (kept.size > reorderFrom) {
      kept.delete(key);
      kept.set(key, value as V);
    }
    return value;
  };
  return {
    get(key: string, compute: () => V): V {
      const value = hit(key);
      return value !== undefined || kept.has(key) ? (value as V) : keep(key, compute());
    },
    /** The kept value (now the most recently used), or undefined. */
    peek: hit,
    set: (key: string, value: V): void => void keep(key, value),
    delete: (key: string) => kept.delete(key),
    clear: () => kept.clear(),
    get size() {
      return kept.size;
    },
  };
}
