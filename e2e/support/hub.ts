// Helpers for tests that drive a running hub over HTTP the way a client would.
import { get } from "node:http";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";

export const HUB_URL = process.env.HUB_URL ?? "http://127.0.0.1:3999";

export type HubResponse<T = any> = { status: number; body: T; headers: Headers };

/** fetch + JSON; `cookie` sends a session cookie, `origin` simulates a browser page's Origin header. */
export async function api<T = any>(
  path: string,
  init: { method?: string; json?: unknown; body?: string; cookie?: string; origin?: string; headers?: Record<string, string> } = {},
): Promise<HubResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined || init.body !== undefined) headers["content-type"] = "application/json";
  if (init.cookie) headers.cookie = init.cookie;
  if (init.origin) headers.origin = init.origin;
  const res = await fetch(`${HUB_URL}${path}`, {
    method: init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET"),
    headers,
    body: init.body ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** A GET through node:http, so the body arrives as sent (fetch would decode a compressed one). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (r) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => resolve({ status: r.statusCode ?? 0, headers: r.headers, bytes: Buffer.concat(chunks) }));
      r.on("error", reject);
    }).on("error", reject);
  });
}

// anvil's public dev keys (#1 and #2): local chain only.
export const WALLETS = {
  alice: privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"),
  bob: privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"),
};

type Terms = { nonce: string; domain: string; uri: string; chainId: number; statement: string; expiresAt: string };

export async function getTerms(): Promise<Terms> {
  const res = await api<Terms>("/auth/nonce");
  if (res.status !== 200) throw new Error(`nonce: ${res.status}`);
  return res.body;
}

/** An EIP-4361 message for `account` on the hub's terms, with overrides for the negative cases. */
export function siweMessage(account: PrivateKeyAccount, terms: Terms, over: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  return createSiweMessage({
    address: account.address,
    chainId: terms.chainId,
    domain: terms.domain,
    uri: terms.uri,
    nonce: terms.nonce,
    statement: terms.statement,
    version: "1",
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 5 * 60_000),
    ...over,
  });
}

/** Signs in and returns the `auth_session=…` cookie pair. */
export async function signIn(account: PrivateKeyAccount): Promise<string> {
  const message = siweMessage(account, await getTerms());
  const signature = await account.signMessage({ message });
  const res = await api("/auth/verify", { json: { message, signature } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return cookieFrom(res.headers);
}

export function cookieFrom(headers: Headers): string {
  const set = headers.get("set-cookie") ?? "";
  return set.split(";")[0]!;
}

/** Asserts the shared error shape and returns the body. */
export function expectError(res: HubResponse, status: number, code?: string) {
  const b = res.body as { error?: unknown; details?: unknown; code?: unknown };
  const ok = res.status === status && typeof b?.error === "string" && typeof b?.details === "string" && (!code || b.code === code);
  if (!ok) throw new Error(`expected ${status}${code ? ` ${code}` : ""}, got ${res.status} ${JSON.stringify(res.body)}`);
  return b as { error: string; details: string; code?: string };
}

/** The hub's /metrics now, read by series (name and labels as written there, 0 when absent). API test files run one at a time, so deltas between two reads are the file's own. */
export async function metricSeries(): Promise<(series: string) => number> {
  const res = await api<string>("/metrics", { headers: { authorization: `Bearer ${process.env.METRICS_TOKEN}` } });
  const lines = res.body.split("\n");
  return (series) => Number(lines.find((l) => l.startsWith(`${series} `))?.slice(series.length + 1) ?? 0);
}
