/**
 * A bounded memo (least recently used goes first): `get(key, compute)` answers the kept value for
 * `key`, else computes, keeps and answers it. For values fully determined by their key (a signed
 * offer for its terms and window, a declaration for its resource), never for anything that reads state.
 */
export function lruMemo<V>(max: number) {
  const kept = new Map<string, V>();
  return {
    get(key: string, compute: () => V): V {
      if (kept.has(key)) {
        const hit = kept.get(key)!;
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      const value = compute();
      kept.set(key, value);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
      return value;
    },
    delete: (key: string) => kept.delete(key),
    get size() {
      return kept.size;
    },
  };
}
