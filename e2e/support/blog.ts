// Helpers for the hosted-blog API tests: blogs on their own Host, reached over node:http (Node's
// fetch will not send another Host header), blog sessions, posts and uploads.
import { request } from "node:http";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { removeSites } from "./db";
import { api, HUB_URL, siweMessage } from "./hub";
import { db, type Person } from "./quickshare";

const hub = new URL(HUB_URL);
export const PORT = Number(hub.port || 80);

export type BlogResponse<T = any> = { status: number; body: T; text: string; headers: Headers; bytes: Buffer };

/** One request to the app with Host `<domain>:<port>`, as a browser on the blog's origin would send it. */
export function blogRequest<T = any>(
  domain: string,
  path: string,
  init: { method?: string; json?: unknown; body?: Buffer | string; cookie?: string; headers?: Record<string, string>; port?: number } = {},
): Promise<BlogResponse<T>> {
  const port = init.port ?? PORT; // another hub on this database (e2e/support/extra-hub.ts)
  const headers: Record<string, string> = { host: `${domain}:${port}`, ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers["content-type"] = "application/json";
  }
  if (init.cookie) headers.cookie = init.cookie;
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = request({ host: hub.hostname, port, path, method: init.method ?? (body !== undefined ? "POST" : "GET"), headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString("utf8");
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON
        }
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) h.append(k, one);
        resolve({ status: res.statusCode!, body: parsed as T, text, headers: h, bytes });
      });
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** The blog's origin as readers see it. */
export const originOf = (domain: string) => `http://${domain}:${PORT}`;

/**
 * A fetch for clients that take one (@x402/fetch): URLs on `http://<domain>:<port>` are sent to the
 * app with that Host header.
 */
export function blogFetch(): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => (headers[k] = v));
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const res = await blogRequest(url.hostname, url.pathname + url.search, { method: req.method, headers, body });
    return new Response(res.status === 204 ? null : new Uint8Array(res.bytes), { status: res.status, headers: res.headers });
  }) as typeof fetch;
}

let n = 0;
/** A unique blog name for this run. */
export const blogName = (tag: string) => `t${Date.now().toString(36)}${(n++).toString(36)}-${tag}`.toLowerCase();

const created = new Set<string>();

/** Opens a hosted blog (<name>.localhost) owned by `owner`; returns its domain. */
export async function createBlog(owner: Person, tag = "b"): Promise<{ domain: string; siteId: string; origin: string }> {
  const res = await api("/hub/blogs", { cookie: owner.cookie, json: { name: blogName(tag) } });
  if (res.status !== 201) throw new Error(`create blog: ${res.status} ${JSON.stringify(res.body)}`);
  created.add(res.body.siteId);
  return res.body;
}

/** Removes the blogs this file opened (posts cascade; ledger rows and payments stay, as the ledger is append-only), so later suites on the same database see only their own sites. */
export async function cleanupBlogs() {
  const ids = [...created];
  created.clear();
  await removeSites(db(), ids);
}

/** Signs in to the blog at `domain` and returns the `sb_auth_session=…` cookie pair. */
export async function blogSignIn(domain: string, account: PrivateKeyAccount): Promise<string> {
  const terms = await blogRequest(domain, "/api/auth/nonce");
  if (terms.status !== 200) throw new Error(`blog nonce: ${terms.status} ${terms.text}`);
  const message = siweMessage(account, terms.body);
  const signature = await account.signMessage({ message });
  const res = await blogRequest(domain, "/api/auth/verify", { json: { message, signature } });
  if (res.status !== 200) throw new Error(`blog sign-in: ${res.status} ${res.text}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

export type PostInput = {
  type?: string;
  title?: string;
  body?: string;
  price?: string;
  whitelistPrice?: string | null;
  status?: "draft" | "published";
  publicAccess?: boolean;
  whitelist?: string[];
  media?: string[];
  summary?: string;
  slug?: string;
  externalVideoUrl?: string;
  tier?: string;
  coverUrl?: string | null;
  tags?: string[];
};

/** Creates a post as the blog's admin (throws unless 201). */
export async function createPost(domain: string, cookie: string, input: PostInput = {}) {
  const res = await blogRequest(domain, "/api/admin/posts", { cookie, json: { title: "A post", body: "The tide pool at dawn.", status: "published", ...input } });
  if (res.status !== 201) throw new Error(`create post: ${res.status} ${res.text}`);
  return res.body.post as { id: string; slug: string; path: string; url: string; [k: string]: any };
}

/** Uploads one file to the blog (multipart), returning its storageRef. */
export async function upload(domain: string, cookie: string, file: { name: string; type: string; data: Buffer | string }, kind?: string) {
  const form = new FormData();
  form.set("file", new File([typeof file.data === "string" ? file.data : new Uint8Array(file.data)], file.name, { type: file.type }));
  if (kind) form.set("kind", kind);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const res = await blogRequest(domain, "/api/upload", { cookie, body, headers: { "content-type": encoded.headers.get("content-type")! } });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`);
  return res.body.storageRef as string;
}

/** A fresh wallet that can sign in to blogs. */
export function freshAccount(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}
