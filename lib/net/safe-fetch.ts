import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./ip-policy";

export type ResolvedAddress = { address: string; family: number };

/**
 * A host that may be fetched although it resolves to a non-public address, optionally pinned to an
 * address and port (like a hosts-file entry). For tests and local development only: callers pass
 * it explicitly; the default is none.
 */
export type AllowedHost = { host: string; address?: string; port?: number };

export type SafeFetchOptions = {
  method?: "GET" | "HEAD" | "POST";
  headers?: Record<string, string>;
  /** Request body (POST: a webhook delivery). A POST follows no redirect: the 3xx is the answer. */
  body?: string | Buffer;
  /** Largest body accepted, in bytes (default 1 MiB). A larger body aborts the fetch. */
  maxBytes?: number;
  /** Budget for the whole fetch, every redirect included (default 5 s). */
  timeoutMs?: number;
  /** Redirects followed, each re-checked like the first URL (default 5). */
  maxRedirects?: number;
  /** Test/development escape hatch; never set by default. */
  allowHosts?: AllowedHost[];
  /** DNS resolution (default: the system resolver, every address). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
};

export type SafeFetchResult = {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
};

export type SafeFetchErrorReason =
  | "invalid-url"
  | "scheme"
  | "blocked-address"
  | "dns"
  | "too-many-redirects"
  | "too-large"
  | "timeout"
  | "network";

export class SafeFetchError extends Error {
  /** The URL (hop) being fetched when it failed; differs from the input after a redirect. */
  url?: string;
  constructor(
    readonly reason: SafeFetchErrorReason,
    message: string,
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

/** Policy refusals, as opposed to failures of the network or of the remote host. */
export function isRefusal(reason: SafeFetchErrorReason): boolean {
  return reason === "scheme" || reason === "blocked-address" || reason === "too-many-redirects" || reason === "too-large";
}

const DEFAULTS = { maxBytes: 1024 * 1024, timeoutMs: 5_000, maxRedirects: 5 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family }));

/**
 * Fetches a URL someone else named (a creator's domain) without letting it reach the hub's own
 * network: http(s) only; the host is resolved first and every address it resolves to must be
 * public (IPv4 and IPv6, IPv4-mapped included); the connection goes to that checked address, so a
 * second DNS answer cannot swap it (rebinding), while Host and TLS SNI keep the original name;
 * redirects are followed by hand and each hop is checked again; the body and the whole exchange are
 * bounded in size and time. Throws SafeFetchError with a reason.
 */
export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULTS.timeoutMs);
  let current = input;
  try {
    let url = parseUrl(input);
    current = url.toString();
    for (let hop = 0; ; hop++) {
      const target = await pickAddress(url, options, deadline);
      const res = await request(url, target, options, deadline, maxBytes);
      const location = res.headers.location;
      if (!REDIRECTS.has(res.status) || !location || options.method === "POST") return res;
      if (hop >= maxRedirects) throw new SafeFetchError("too-many-redirects", `more than ${maxRedirects} redirects`);
      current = location;
      url = parseUrl(location, url);
      current = url.toString();
    }
  } catch (err) {
    if (err instanceof SafeFetchError) err.url ??= current;
    throw err;
  }
}

function parseUrl(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new SafeFetchError("invalid-url", `not a URL: ${value.slice(0, 200)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError("scheme", `only http and https URLs may be fetched, not ${url.protocol}`);
  }
  url.username = "";
  url.password = "";
  url.hash = "";
  return url;
}

function allowedEntry(url: URL, allow: AllowedHost[] | undefined): AllowedHost | undefined {
  if (!allow?.length) return undefined;
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return allow.find((a) => a.host.toLowerCase() === host || a.host.toLowerCase() === `${host}:${url.port}`);
}

type Target = { address: string; family: number; port: number };

async function pickAddress(url: URL, options: SafeFetchOptions, deadline: number): Promise<Target> {
  const defaultPort = url.protocol === "https:" ? 443 : 80;
  const port = url.port ? Number(url.port) : defaultPort;
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const allowed = allowedEntry(url, options.allowHosts);
  if (allowed?.address) {
    return { address: allowed.address, family: isIP(allowed.address) || 4, port: allowed.port ?? port };
  }

  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await withDeadline((options.resolve ?? systemResolve)(host), deadline);
    } catch (err) {
      if (err instanceof SafeFetchError) throw err;
      throw new SafeFetchError("dns", `${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    if (addresses.length === 0) throw new SafeFetchError("dns", `${host} does not resolve`);
  }
  // Every answer must be public: picking the one good address out of a mixed answer would let a
  // name flip between them from one resolution to the next.
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  if (bad && !allowed) {
    throw new SafeFetchError("blocked-address", `${host} resolves to ${bad.address}, which is not a public address`);
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family, port: allowed?.port ?? port };
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  const left = deadline - Date.now();
  if (left <= 0) return Promise.reject(new SafeFetchError("timeout", "the fetch ran out of time"));
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new SafeFetchError("timeout", "the fetch ran out of time")), left);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

function request(url: URL, target: Target, options: SafeFetchOptions, deadline: number, maxBytes: number): Promise<SafeFetchResult> {
  const left = deadline - Date.now();
  if (left <= 0) return Promise.reject(new SafeFetchError("timeout", "the fetch ran out of time"));
  // The socket connects to the address checked above whatever the system resolver says now.
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    const cb = callback as (err: Error | null, address: string | Array<{ address: string; family: number }>, family?: number) => void;
    if ((opts as { all?: boolean }).all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  const mod = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: SafeFetchError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(err);
    };
    const req = mod.request(
      url,
      {
        method: options.method ?? "GET",
        port: target.port,
        lookup: pinned,
        // Host names the URL's own authority, also when an allowlist entry pins another port.
        headers: { host: url.host, "user-agent": "PaidContentHub-SiteCheck/1.0", accept: "*/*", "accept-encoding": "identity", ...options.headers },
        agent: false,
      },
      (res) => {
        const declared = Number(res.headers["content-length"] ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) {
          return fail(new SafeFetchError("too-large", `the body is ${declared} bytes, more than ${maxBytes}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return fail(new SafeFetchError("too-large", `the body is more than ${maxBytes} bytes`));
          chunks.push(chunk);
        });
        res.on("end", () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, url: url.toString(), headers: res.headers, body, text: () => body.toString("utf8") });
        });
        res.on("error", (err) => fail(new SafeFetchError("network", err.message)));
        res.on("aborted", () => fail(new SafeFetchError("network", "the response was cut off")));
      },
    );
    const timer = setTimeout(() => fail(new SafeFetchError("timeout", `no complete answer from ${url.host} in time`)), left);
    req.on("error", (err) => fail(new SafeFetchError("network", `${url.host}: ${err.message}`)));
    req.end(options.body);
  });
}
