import { AsyncLocalStorage } from "node:async_hooks";

/** What every log line written while serving one request carries. */
export type RequestContext = { requestId: string; method: string; path: string };

// One store per process, shared through globalThis: Next bundles instrumentation and each route
// separately, and server.mjs starts the request outside the bundle, so a module-level value would
// not be one object.
const KEY = Symbol.for("paid-content-hub.request-context");
const slot = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> };

/** The request being served (set by the server hook for the request's whole async life). */
export const requestContext: AsyncLocalStorage<RequestContext> = (slot[KEY] ??= new AsyncLocalStorage<RequestContext>());
