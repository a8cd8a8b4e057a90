import { AsyncLocalStorage } from "node:async_hooks";
import { processState } from "@/lib/process-state";

/**
 * The request being served: what every log line written for it carries, and whether it has sent the
 * database a statement that may write (`wrote`, set by lib/db.ts; the route wrapper drops the read
 * cache after a request that wrote), and whether a write of counts wrote more (`beyondCounts`).
 */
export type RequestContext = {
  requestId: string;
  method: string;
  path: string;
  wrote: boolean;
  /** A route that writes counts only (`writes: "counts"`) wrote more this time (`noteWriteBeyondCounts`). */
  beyondCounts?: boolean;
};

/**
 * The request being served (set by the server hook for the request's whole async life). One store
 * per process: server.mjs starts the request outside the bundles that log.
 */
export const requestContext: AsyncLocalStorage<RequestContext> = processState("request-context", () => new AsyncLocalStorage<RequestContext>())();

/** The database was sent a statement that may write, on behalf of the request being served (if any). */
export function noteWrite(): void {
  const ctx = requestContext.getStore();
  if (ctx) ctx.wrote = true;
}

/** Whether the request being served may have written: true outside a request (nothing to tell by). */
export function requestMayHaveWritten(): boolean {
  return requestContext.getStore()?.wrote ?? true;
}

/**
 * A route that declares it writes counts only (a widget event, a sale) wrote more this time: a content
 * row created, or its title, price or other listed fields changed. The route wrapper then drops the kept
 * pages as well (lib/http/read-cache.ts).
 */
export function noteWriteBeyondCounts(): void {
  const ctx = requestContext.getStore();
  if (ctx) ctx.beyondCounts = true;
}

/** Whether the request being served wrote more than counts: true outside a request (nothing to tell by). */
export function requestWroteBeyondCounts(): boolean {
  const ctx = requestContext.getStore();
  return ctx ? ctx.beyondCounts === true : true;
}
