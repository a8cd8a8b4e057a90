// The platform's `Date` back in a production server, once Next has loaded, when the app does not use
// Cache Components. Used by server.mjs.
//
// Next's server replaces the global `Date` when it loads (next/dist/server/node-environment-extensions/
// date.js) so that a prerender under `cacheComponents` can notice a read of the clock. The replacement
// constructs every date through `Reflect.construct(original, arguments, new.target)`, and for a read of
// the clock (`new Date()`, `Date()`, `Date.now()`) first asks two AsyncLocalStorages whether a prerender
// is running. Without `cacheComponents` nothing ever is, and what is left is the cost: 1.3–2.3 % of a
// 402's CPU (the request's clock, the access log's timestamp, the sign-in-with-x times), more than any
// of those callers' own work (bench/README.md, session 54).
// Dates made by either constructor are the same objects (one prototype), so nothing else changes.

/** The global `Date` when this module was first evaluated: server.mjs imports it before Next. */
export const PLATFORM_DATE = globalThis.Date;

/** Whether a Next config turns on Cache Components (its current name, or an earlier release's). */
export function usesCacheComponents(config) {
  return Boolean(config?.cacheComponents || config?.experimental?.cacheComponents || config?.experimental?.dynamicIO || config?.experimental?.useCache);
}

/**
 * Puts `platformDate` (the global `Date` read before Next loaded) back as the global `Date` and as
 * `Date.prototype.constructor`, unless this is the dev server or the config uses Cache Components.
 * Returns whether it did (false also when nothing had replaced it).
 */
export function restorePlatformDate(platformDate, { dev, config }) {
  if (dev || usesCacheComponents(config)) return false;
  if (globalThis.Date === platformDate && platformDate.prototype.constructor === platformDate) return false;
  globalThis.Date = platformDate;
  Object.defineProperty(platformDate.prototype, "constructor", { value: platformDate, writable: true, configurable: true, enumerable: false });
  return true;
}
