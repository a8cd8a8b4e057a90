// The demo a newcomer can buy in the browser: a hosted blog (demo.localhost) owned by a demo
// creator with a published post of every type, and one free and one paid share. Everything goes
// through the hub's own HTTP API (sign-in, POST /hub/blogs, the blog's admin routes, uploads,
// POST /quickshare), so the demo is made exactly as a creator would make it. Idempotent: a blog,
// post or active share that already exists is reused.
import { request } from "node:http";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { coverUrl, harborTune, tidePoolClip, tidePoolPhoto, tideTable } from "./demo-media.mjs";

export const DEMO_BLOG = "demo";

const WELCOME = `# Welcome to the demo blog

This blog is hosted by your own Paid Content Hub, on its own origin. Every post below is real:

- **free posts** like this one are read at once;
- **paid posts** show a teaser and a paywall: connect the *Demo reader* wallet (it signs with a
  public anvil key, on your local chain only) and pay a few cents of test USDC;
- the **editor** at [/admin](/admin) is where the blog's owner writes.

| try | where |
| --- | --- |
| buy a post | any paid post below |
| tip the author | the hub's **Tip** page |
| share a file | the hub's dashboard, *Quickshare* |

> Payments settle on the local anvil chain, in test USDC. Nothing here costs real money.
`;

const POSTS = [
  { slug: "welcome", type: "article", title: "Welcome to the demo blog", summary: "What this blog is, and what to try first. Free to read.", price: "0", body: WELCOME, cover: ["Welcome", 200], tags: ["demo", "start-here"] },
  {
    slug: "reading-the-tides", type: "article", title: "Reading the tides", price: "0.05", cover: ["Reading the tides", 190], tags: ["sea", "essay"],
    summary: "Why the tide comes fifty minutes later every day, and how to read a tide table without a degree.",
    body: `## Fifty minutes a day\n\nThe moon takes about 24 hours and 50 minutes to return above the same meridian, so each high water arrives about fifty minutes later than the day before.\n\n## Springs and neaps\n\nTwice a month the sun and the moon pull together (spring tides, the big ranges) and twice a month they pull at right angles (neap tides).\n\n1. Find today's high water.\n2. Add about 6 h 12 min for the low.\n3. Check the range: above 4 m, the pools empty wide.\n\nHappy rock-pooling.`,
  },
  { slug: "tide-pool-at-dawn", type: "image", title: "Tide pool at dawn", price: "0.10", cover: ["Tide pool at dawn", 20], tags: ["photo", "sea"], summary: "A full-size print of the pool below the lighthouse, just after sunrise.", body: "The full-size photo:\n\n![Tide pool at dawn](svc-embed://0)", media: { name: "tide-pool.png", type: "image/png", make: tidePoolPhoto } },
  { slug: "harbor-tune", type: "music", title: "Harbor tune", price: "0.25", cover: ["Harbor tune", 260], tags: ["music"], summary: "Four seconds of a harbour at low water, in eight notes.", body: "Recorded (well, synthesised) on the quay.", media: { name: "harbor-tune.wav", type: "audio/wav", make: harborTune } },
  { slug: "tide-pool-slowly", type: "video", title: "The tide pool, slowly", price: "0.50", cover: ["The tide pool, slowly", 170], tags: ["video", "sea"], summary: "A short clip of water moving over the rocks.", body: "Five seconds of waves.", media: { name: "tide-pool.webm", type: "video/webm", make: tidePoolClip } },
  { slug: "tide-tables-2026", type: "document", title: "Tide tables 2026", price: "0.20", cover: ["Tide tables 2026", 210], tags: ["data", "sea"], summary: "A year of high and low waters as CSV; the preview shows the first days.", body: "The full table is attached.", media: { name: "tide-tables-2026.csv", type: "text/csv", make: tideTable } },
];

const SHARES = [
  { title: "Demo: packing list for the coast (free)", content: "- tide table\n- boots with grip\n- a jar, for looking, not keeping\n- thermos", price: "0" },
  { title: "Demo: the secret cove (paid)", content: "## The secret cove\n\nWalk north from the lighthouse for twenty minutes at low water; the cove opens behind the second headland.", price: "0.05", summary: "Directions to the best pool on the coast." },
];

/** One HTTP request to the hub (node:http, so a blog's Host header can be sent). */
function call(hubUrl, { host, method = "GET", path, json, body, headers = {}, cookie }) {
  const url = new URL(hubUrl);
  const h = { ...headers, host: host ?? url.host };
  let payload = body;
  if (json !== undefined) {
    payload = Buffer.from(JSON.stringify(json));
    h["content-type"] = "application/json";
  }
  if (cookie) h.cookie = cookie;
  if (payload !== undefined) h["content-length"] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port || 80, method, path, headers: h }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed = text;
        try { parsed = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode, body: parsed, text, setCookie: [res.headers["set-cookie"] ?? []].flat() });
      });
    });
    req.on("error", reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

function expect(res, statuses, what) {
  if (!statuses.includes(res.status)) throw new Error(`demo seed: ${what} answered ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

async function signIn(hubUrl, account, { host, noncePath, verifyPath }) {
  const terms = expect(await call(hubUrl, { host, path: noncePath }), [200], `${host ?? "hub"} nonce`).body;
  const message = createSiweMessage({
    address: account.address, chainId: terms.chainId, domain: terms.domain, uri: terms.uri, nonce: terms.nonce,
    statement: terms.statement, version: "1", issuedAt: new Date(), expirationTime: new Date(Date.now() + 5 * 60_000),
  });
  const signature = await account.signMessage({ message });
  const res = expect(await call(hubUrl, { host, method: "POST", path: verifyPath, json: { message, signature } }), [200], `${host ?? "hub"} sign-in`);
  return res.setCookie.map((c) => c.split(";")[0]).join("; ");
}

async function uploadFile(hubUrl, { host, cookie, file }) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(file.data)], file.name, { type: file.type }));
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const res = expect(await call(hubUrl, { host, method: "POST", path: "/api/upload", body, cookie, headers: { "content-type": encoded.headers.get("content-type") } }), [201], `upload ${file.name}`);
  return res.body.storageRef;
}

/**
 * Seeds the demo through the running hub at `hubUrl` (e.g. http://127.0.0.1:3000). `creatorKey` is
 * the demo creator's private key (an anvil key: local chains only). Returns the blog, its posts and
 * the two shares with their public URLs.
 */
export async function seedDemoContent({ hubUrl, creatorKey, blogName = DEMO_BLOG }) {
  const creator = privateKeyToAccount(creatorKey);
  const hubCookie = await signIn(hubUrl, creator, { noncePath: "/auth/nonce", verifyPath: "/auth/verify" });

  const opened = expect(await call(hubUrl, { method: "POST", path: "/hub/blogs", json: { name: blogName, title: "Tide Notes (demo)", description: "A demo blog of this hub: a post of every type, free and paid." }, cookie: hubCookie }), [201, 409], "open the demo blog");
  const hubPort = new URL(hubUrl).port;
  const domain = opened.status === 201 ? opened.body.domain : `${blogName}.localhost`;
  const host = `${domain}${hubPort ? `:${hubPort}` : ""}`;
  const blogCookie = await signIn(hubUrl, creator, { host, noncePath: "/api/auth/nonce", verifyPath: "/api/auth/verify" });

  const existing = expect(await call(hubUrl, { host, path: "/api/admin/posts", cookie: blogCookie }), [200], "list posts").body.posts;
  const posts = [];
  for (const p of POSTS) {
    const have = existing.find((e) => e.slug === p.slug);
    if (have) {
      posts.push(have);
      continue;
    }
    const media = p.media ? [await uploadFile(hubUrl, { host, cookie: blogCookie, file: { name: p.media.name, type: p.media.type, data: await p.media.make() } })] : [];
    const res = expect(await call(hubUrl, {
      host, method: "POST", path: "/api/admin/posts", cookie: blogCookie,
      json: { slug: p.slug, type: p.type, title: p.title, summary: p.summary, body: p.body, price: p.price, tags: p.tags, coverUrl: coverUrl(...p.cover), media, status: "published" },
    }), [201], `create post ${p.slug}`);
    posts.push(res.body.post);
  }

  // The blog's pass (docs/passes.md): 2 USDC for 30 days, set up once; an owner's later change is kept.
  const pass = expect(await call(hubUrl, { host, path: "/api/admin/pass", cookie: blogCookie }), [200], "read the pass").body;
  if (!pass.offer) expect(await call(hubUrl, { host, method: "PUT", path: "/api/admin/pass", cookie: blogCookie, json: { price: "2", durationDays: 30 } }), [200], "set up the pass");

  const mine = expect(await call(hubUrl, { path: "/quickshare/mine", cookie: hubCookie }), [200], "list shares").body;
  const shares = [];
  for (const s of SHARES) {
    const have = (mine.shares ?? []).find((m) => m.title === s.title && m.status === "active");
    if (have) {
      shares.push(have);
      continue;
    }
    const res = expect(await call(hubUrl, { method: "POST", path: "/quickshare", cookie: hubCookie, json: { ...s, expiresInHours: 168 } }), [201], `create share ${s.title}`);
    shares.push(res.body.share);
  }

  return {
    blog: { domain, origin: `${new URL(hubUrl).protocol}//${host}`, admin: `${new URL(hubUrl).protocol}//${host}/admin` },
    posts: posts.map((p) => ({ slug: p.slug, type: p.type, title: p.title, price: p.price, url: p.url })),
    shares: shares.map((s) => ({ slug: s.slug, title: s.title, price: s.price, url: s.urls.page })),
    creator: creator.address,
  };
}
