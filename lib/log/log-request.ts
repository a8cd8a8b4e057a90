import { processState } from "@/lib/process-state";
import { logFormat, logger } from "./logger";

/** The access line of one request, written when its response closes. */
export type RequestLine = {
  reqId: string;
  method: string;
  route: string;
  blog?: string;
  path: string;
  status: number | null;
  aborted: boolean;
  latencyMs: number;
};

/** How often a terminal shows the request summary (only when there were requests). */
export const REQUEST_SUMMARY_MS = 60_000;

type Tally = { total: number; byClass: Record<string, number>; timer?: NodeJS.Timeout };
const tally = processState("request-summary", (): Tally => ({ total: 0, byClass: {} }));

/**
 * Logs one request. JSON (files, collectors): one `request` line each, at info (debug for Next's
 * assets). Pretty (a terminal): a 5xx or an aborted request still gets its own line; every other is
 * at debug (LOG_LEVEL=debug shows each) and counted into one summary line per minute, so the
 * terminal keeps what a person needs (the banner, warnings, errors) in view.
 */
export function logRequest(line: RequestLine): void {
  const log = logger();
  if (logFormat() === "json") {
    if (line.route === "/_next") log.debug(line, "request");
    else log.info(line, "request");
    return;
  }
  if (line.aborted || (line.status ?? 0) >= 500) {
    log.warn(line, `${line.method} ${line.path} ${line.aborted ? "aborted" : line.status} (${line.latencyMs} ms)`);
    return;
  }
  log.debug(line, `${line.method} ${line.path} ${line.status} (${line.latencyMs} ms)`);
  const t = tally();
  t.total++;
  const cls = `${String(line.status).charAt(0)}xx`;
  t.byClass[cls] = (t.byClass[cls] ?? 0) + 1;
  t.timer ??= setTimeout(() => flushSummary(), REQUEST_SUMMARY_MS).unref();
}

function flushSummary(): void {
  const t = tally();
  t.timer = undefined;
  if (t.total === 0) return;
  const parts = Object.entries(t.byClass).sort().map(([cls, n]) => `${n} ${cls}`);
  logger().info({ requests: t.total, ...t.byClass }, `${t.total} request${t.total === 1 ? "" : "s"} in the last minute (${parts.join(", ")}); LOG_LEVEL=debug shows each`);
  t.total = 0;
  t.byClass = {};
}
