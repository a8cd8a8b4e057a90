// Browser-side calls to the hub's own API: JSON in, JSON out, and the API's `{ error, details }`
// turned into one sentence a person can act on.

export class HubApiError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string) {
    super(message);
  }
}

/** Reads a hub error body into "error: details" (details alone when it already says it all). */
export function errorText(status: number, body: unknown): string {
  const b = (body ?? {}) as { error?: string; details?: string };
  if (status === 401) return "Your session has ended: sign in with your wallet again.";
  if (b.error && b.details) return `${b.error}: ${b.details}`;
  return b.details ?? b.error ?? `The hub answered ${status}.`;
}

export async function callApi<T = Record<string, unknown>>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      headers: init.json === undefined ? undefined : { "content-type": "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      cache: "no-store",
    });
  } catch {
    throw new HubApiError("The hub could not be reached. Check your connection and try again.", 0);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { details: text.slice(0, 200) };
  }
  if (!res.ok) throw new HubApiError(errorText(res.status, body), res.status, (body as { code?: string } | null)?.code);
  return body as T;
}

/** A wallet error's message, with the usual "user rejected" made plain. */
export function messageOf(err: unknown): string {
  const e = err as { shortMessage?: string; message?: string };
  const msg = e.shortMessage ?? e.message ?? String(err);
  return /reject|denied/i.test(msg) ? "You rejected the request in your wallet." : msg;
}
