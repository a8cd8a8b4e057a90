/**
 * Reads an answer whose body will not be used (an error's few bytes, an empty body) to its end, which
 * also frees its connection for the next request. Not `await res.body.cancel()`: a cancel adopts the
 * body source's own cancel promise, which need not settle (a response whose body was teed, e.g. cloned
 * by an instrumented fetch, waits for the other branch); inside Next's server, awaiting the cancel of a
 * 404 of the S3 store never settled and held the request forever. The MCP TypeScript SDK made the same
 * change for the same reason (modelcontextprotocol/typescript-sdk#1320). For small bodies only: a body
 * that may be large (another version's bytes) is cancelled without being awaited.
 */
export function discardBody(res: Response): Promise<void> {
  return res.arrayBuffer().then(
    () => undefined,
    () => undefined,
  );
}
