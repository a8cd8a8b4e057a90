// Browser-side calls to the hub's own API: JSON in, JSON out, and the API's `{ error, details }`
// turned into one sentence a person can act on.

export class HubApiError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string, readonly details?: string) {
    super(message);
  }
}

/**
 * The fields an API error names ("title: Too small; price: …" from the validation wrapper, or a
 * handler's "slug: this blog already has …"), keyed by field, for showing each message next to
 * its field; `known` limits it to the form's own fields. Messages about nothing known stay whole.
 */
export function fieldErrors(err: unknown, known: readonly string[]): { fields: Record<string, string>; rest: string | null } {
  const e = err as Partial<HubApiError>;
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const part of (e.details ?? "").split("; ").filter(Boolean)) {
    const m = /^([A-Za-z]+)(?:\.[\w.]+)?: (.+)$/.exec(part);
    if (m && known.includes(m[1]!)) fields[m[1]!] = fields[m[1]!] ? `${fields[m[1]!]}; ${m[2]}` : m[2]!;
    else rest.push(part);
  }
  if (!Object.keys(fields).length) return { fields, rest: e.message ?? String(err) };
  return { fields, rest: rest.length ? rest.join("; ") : null };
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
  if (!res.ok) {
    const b = body as { code?: string; details?: string } | null;
    throw new HubApiError(errorText(res.status, body), res.status, b?.code, b?.details);
  }
  return body as T;
}

/** A wallet error's message, with the usual "user rejected" made plain. */
export function messageOf(err: unknown): string {
  const e = err as { shortMessage?: string; message?: string };
  const msg = e.shortMessage ?? e.message ?? String(err);
  return /reject|denied/i.test(msg) ? "You rejected the request in your wallet." : msg;
}
