// Requests with a Host header (Node's fetch will not send another Host): what the benchmarks need to
// reach a hosted blog on the hub's loopback port, sign in there, and open a blog.
import http from "node:http";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";

/** One request to 127.0.0.1:port with Host `host`; JSON bodies are sent as such and parsed when they come back. */
export function request(port, host, path, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const h = { host, ...headers };
    if (body !== undefined) {
      h["content-type"] = "application/json";
      h["content-length"] = String(Buffer.byteLength(body));
    }
    const req = http.request({ host: "127.0.0.1", port, path, method, headers: h }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode, json, text, cookie: (res.headers["set-cookie"] ?? [""])[0].split(";")[0] });
      });
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Signs in with EIP-4361 on the hub (a 127.x host) or on a blog's origin; returns the session cookie. */
export async function signIn(port, host, account) {
  const blog = !host.startsWith("127.");
  const t = (await request(port, host, blog ? "/api/auth/nonce" : "/auth/nonce")).json;
  const message = createSiweMessage({ address: account.address, chainId: t.chainId, domain: t.domain, uri: t.uri, nonce: t.nonce, statement: t.statement, version: "1", issuedAt: new Date() });
  const res = await request(port, host, blog ? "/api/auth/verify" : "/auth/verify", { method: "POST", body: JSON.stringify({ message, signature: await account.signMessage({ message }) }) });
  if (res.status !== 200) throw new Error(`sign-in on ${host}: ${res.status} ${res.text}`);
  return res.cookie;
}

/** Opens a hosted blog through the API (POST /hub/blogs) as a fresh owner; returns its Host and the owner's blog session. */
export async function openBlog(port) {
  const hubHost = `127.0.0.1:${port}`;
  const owner = privateKeyToAccount(generatePrivateKey());
  const hubCookie = await signIn(port, hubHost, owner);
  const blog = await request(port, hubHost, "/hub/blogs", { method: "POST", headers: { cookie: hubCookie }, body: JSON.stringify({ name: `bench${Date.now().toString(36)}` }) });
  if (blog.status !== 201) throw new Error(`blog: ${blog.status} ${blog.text}`);
  const host = `${blog.json.domain}:${port}`;
  return { host, hubHost, owner, admin: await signIn(port, host, owner) };
}

/** Publishes a post on the blog at `host` as its admin (the blog session `admin`); returns the post. */
export async function publishPost(port, host, admin, input) {
  const res = await request(port, host, "/api/admin/posts", { method: "POST", headers: { cookie: admin }, body: JSON.stringify({ title: "Bench", status: "published", ...input }) });
  if (res.status !== 201) throw new Error(`post on ${host}: ${res.status} ${res.text}`);
  return res.json.post;
}
