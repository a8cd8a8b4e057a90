import { metrics } from "./metrics";

/**
 * fetch for viem's http transport that counts and times every JSON-RPC call by method (a batch
 * counts as "batch"), and counts transport failures (no answer, timeout, non-2xx) as errors.
 * Reverts and JSON-RPC errors are answers, not failures of the chain connection.
 */
export async function observedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const m = metrics();
  const method = rpcMethod(init?.body);
  const end = m.rpcDuration.startTimer({ method });
  m.rpcRequests.inc({ method });
  try {
    const res = await fetch(input, init);
    if (!res.ok) m.rpcErrors.inc({ method });
    return res;
  } catch (err) {
    m.rpcErrors.inc({ method });
    throw err;
  } finally {
    end();
  }
}

function rpcMethod(body: unknown): string {
  if (typeof body !== "string") return "unknown";
  try {
    const parsed = JSON.parse(body) as { method?: unknown } | unknown[];
    if (Array.isArray(parsed)) return "batch";
    return typeof parsed.method === "string" && /^[a-zA-Z0-9_]{1,64}$/.test(parsed.method) ? parsed.method : "unknown";
  } catch {
    return "unknown";
  }
}
