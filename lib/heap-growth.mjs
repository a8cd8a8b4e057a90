// How far V8 lets a serving process's heap grow past what it held after its last full collection
// (HUB_HEAP_GROWTH_PERCENT, docs/operations.md "Memory"). Used by server.mjs, in the cluster primary and
// in every worker.
//
// V8 sets the size at which it next collects the whole heap to the live size times a factor it chooses
// from its own speed against the program's (up to 4 on a machine with memory to spare), and the process
// commits pages up to that size. A hub's workers hold about 130 MB each that outlives a collection (kept
// rows, answers, compiled code), so with V8's own factor each committed 250–415 MB, and what a worker
// committed moved by ±150 MB between minutes of one load while the live heap held (bench/README.md,
// sessions 69 and 75): the RSS a host sees followed V8's choice, not what the hub holds. A fixed factor
// makes the committed heap follow the live heap. It costs more full collections, each as dear as the live
// heap is large; a soak measured them as no more collector time in all (bench/README.md, session 75).
// It is not a limit: a heap that needs more still grows, as far as V8's own maximum.
import v8 from "node:v8";

/** The default growth, in percent of the live heap (V8's factor 1.5); 0 leaves the factor to V8. */
export const DEFAULT_HEAP_GROWTH_PERCENT = 50;

/**
 * The growth HUB_HEAP_GROWTH_PERCENT asks for (the configuration check, lib/env.ts, names a bad value).
 * @param {Record<string, string | undefined>} [env]
 */
export function heapGrowthPercent(env = process.env) {
  const raw = env.HUB_HEAP_GROWTH_PERCENT;
  if (raw === undefined || raw === "") return DEFAULT_HEAP_GROWTH_PERCENT;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 1000 ? n : DEFAULT_HEAP_GROWTH_PERCENT;
}

/**
 * Sets this process's heap growth from `env`, before it holds much (V8 reads the flag each time it sets
 * its next limit). Returns the percent set, or 0 when V8 keeps its own factor.
 * @param {Record<string, string | undefined>} [env]
 */
export function applyHeapGrowth(env = process.env) {
  const percent = heapGrowthPercent(env);
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
  return percent;
}
