/**
 * One value per process, shared through globalThis: Next bundles instrumentation and each
 * route apart, so a plain module-level value would exist once per bundle (and again after a dev hot
 * reload). Returns the getter; the value is made by `init` on first use, under
 * `Symbol.for("paid-content-hub.<name>")`.
 */
export function processState<T>(name: string, init: () => T): () => T {
  const key = Symbol.for(`paid-content-hub.${name}`);
  const slot = globalThis as typeof globalThis & Record<symbol, unknown>;
  // Once made, this bundle's getter holds it: a symbol-keyed read of globalThis is a dictionary lookup,
  // and some values are read many times a request.
  let value: T | undefined;
  return () => (value ??= (slot[key] ??= init()) as T);
}
