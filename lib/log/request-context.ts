import { AsyncLocalStorage } from "node:async_hooks";
import { processState } from "@/lib/process-state";

/** What every log line written while serving one request carries. */
export type RequestContext = { requestId: string; method: string; path: string };

/**
 * The request being served (set by the server hook for the request's whole async life). One store
 * per process: server.mjs starts the request outside the bundles that log.
 */
export const requestContext: AsyncLocalStorage<RequestContext> = processState("request-context", () => new AsyncLocalStorage<RequestContext>())();
