// The numbers a creator keeps: a post and a share are paid and viewed; each one's daily series (the
// post's on its blog's admin API, the share's on the hub) counts them on today's UTC day, and the
// earnings CSV lists both sales with amount, fee, net, transaction and receipt, filtered by date range.
// Only the owner reads either.
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, freshAccount } from "../support/blog";
import { api, expectError, HUB_URL } from "../support/hub";
import { access, closeDb, createShare, db, person, until, type Person } from "../support/quickshare";
import { freshPayer, signedPayment } from "../support/x402";

afterAll(async () => {
  await cleanupBlogs();
  await closeDb();
});

const DAY_MS = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
const usdc = (atomic: bigint) => {
  const whole = atomic / 1_000_000n;
  const frac = (atomic % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : `${whole}`;
};

/** RFC 4180 rows (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") { row.push(cell); cell = ""; }
    else if (ch === "\r" && text[i + 1] === "\n") { row.push(cell); rows.push(row); row = []; cell = ""; i++; }
    else cell += ch;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

let owner: Person;
let blog: { domain: string; siteId: string };
let admin: string;
let post: Awaited<ReturnType<typeof createPost>>;
let share: Awaited<ReturnType<typeof createShare>>;
let postPayer: `0x${string}`;
let sharePayer: `0x${string}`;

beforeAll(async () => {
  owner = await person();
  blog = await createBlog(owner, "numbers");
  admin = await blogSignIn(blog.domain, owner.account);
  post = await createPost(blog.domain, admin, { title: "Tide almanac", slug: "tide-almanac", body: "Springs on the 3rd.", price: "0.2" });
  // A title a spreadsheet would run as a formula: the CSV must keep it text.
  share = await createShare(owner, { title: "=HYPERLINK(\"http://evil.example\",\"chart\")", content: "Neap tides.", price: "0.3" });

  // Pay the post on its blog's access route and the share on its access route (plain EIP-3009).
  const payPost = await freshPayer({ wallet: "1" });
  const c1 = await blogRequest(blog.domain, `/api/svc/access?path=${encodeURIComponent(post.path)}`);
  expect(c1.status, c1.text).toBe(402);
  const ch1 = decodePaymentRequiredHeader(c1.headers.get("payment-required")!);
  const paid1 = await blogRequest(blog.domain, `/api/svc/access?path=${encodeURIComponent(post.path)}`, {
    headers: { "payment-signature": (await signedPayment({ requirement: ch1.accepts[0]!, signer: payPost, resource: ch1.resource })).header },
  });
  expect(paid1.status, paid1.text).toBe(200);
  postPayer = payPost.address;

  const payShare = await freshPayer({ wallet: "1" });
  const c2 = await access(share.slug);
  expect(c2.status).toBe(402);
  const ch2 = decodePaymentRequiredHeader(c2.headers.get("payment-required")!);
  const paid2 = await access(share.slug, { headers: { "payment-signature": (await signedPayment({ requirement: ch2.accepts[0]!, signer: payShare, resource: ch2.resource })).header } });
  expect(paid2.status, JSON.stringify(paid2.body)).toBe(200);
  sharePayer = payShare.address;

  // Readers' views: three of the post page, two of the share page (anonymous browsers).
  for (let i = 0; i < 3; i++) expect((await blogRequest(blog.domain, post.path, { headers: { accept: "text/html" } })).status).toBe(200);
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${HUB_URL}/qs/${share.slug}`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    await res.text();
  }
  await until(async () => (await db().blogPost.findUniqueOrThrow({ where: { id: post.id } })).views === 3, { what: "the post's views written" });
  await until(async () => (await db().quickshare.findUniqueOrThrow({ where: { id: share.id } })).viewCount === 2, { what: "the share's views written" });
});

const paymentOf = (resourceType: string, resourceId: string) => db().payment.findFirstOrThrow({ where: { resourceType, resourceId } });

describe("a post's and a share's daily series", () => {
  it("counts the post's views, unlock and revenue on today's day, and nothing on other days", async () => {
    const payment = await paymentOf("blogpost", post.id);
    const res = await blogRequest(blog.domain, `/api/admin/posts/${post.id}/series`, { cookie: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, kind: "post", id: post.id, range: { to: today } });
    expect(res.body.daily).toHaveLength(30);
    const day = res.body.daily.find((d: any) => d.day === today);
    const net = Number(usdc(payment.amountAtomic - payment.feeAtomic));
    expect(day).toEqual({ day: today, views: 3, unlocks: 1, revenue: 0.2, net });
    expect(res.body.daily.filter((d: any) => d.day !== today).every((d: any) => d.views === 0 && d.unlocks === 0 && d.revenue === 0)).toBe(true);
    expect(res.body.totals).toEqual({ views: 3, unlocks: 1, revenue: 0.2, net });
    // By slug too, and a range that ends yesterday has none of it.
    const bySlug = await blogRequest(blog.domain, `/api/admin/posts/${post.slug}/series?from=${yesterday}&to=${yesterday}`, { cookie: admin });
    expect(bySlug.body.daily).toEqual([{ day: yesterday, views: 0, unlocks: 0, revenue: 0, net: 0 }]);
  });

  it("counts the share's views, unlock and revenue on today's day", async () => {
    const payment = await paymentOf("quickshare", share.id);
    const res = await api(`/quickshare/${share.slug}/series?from=${yesterday}&to=${today}`, { cookie: owner.cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const net = Number(usdc(payment.amountAtomic - payment.feeAtomic));
    expect(res.body).toMatchObject({ kind: "share", id: share.id, range: { from: yesterday, to: today } });
    expect(res.body.daily).toEqual([
      { day: yesterday, views: 0, unlocks: 0, revenue: 0, net: 0 },
      { day: today, views: 2, unlocks: 1, revenue: 0.3, net },
    ]);
  });

  it("is the owner's alone: 401 signed out, 403 for another wallet", async () => {
    expectError(await api(`/quickshare/${share.slug}/series`), 401, "unauthorized");
    const other = await person();
    expectError(await api(`/quickshare/${share.slug}/series`, { cookie: other.cookie }), 403, "forbidden");
    const anon = await blogRequest(blog.domain, `/api/admin/posts/${post.id}/series`);
    expect(anon.status).toBe(401);
    const stranger = await blogSignIn(blog.domain, freshAccount());
    const refused = await blogRequest(blog.domain, `/api/admin/posts/${post.id}/series`, { cookie: stranger });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden");
  });

  it.each([
    [`from=${today}&to=${yesterday}`, "from"],
    ["from=2026-13-01", "from"],
    ["to=tomorrow", "to"],
    ["from=2020-01-01&to=2026-01-01", "to"],
  ])("?%s is 400 naming %s", async (q, field) => {
    const res = await api(`/quickshare/${share.slug}/series?${q}`, { cookie: owner.cookie });
    expectError(res, 400, "invalid-request");
    expect(res.body.details).toContain(field);
  });
});

describe("the earnings CSV", () => {
  it("lists both sales with payer, amount, fee, net, transaction and receipt, as a CSV download", async () => {
    const postPay = await paymentOf("blogpost", post.id);
    const sharePay = await paymentOf("quickshare", share.id);
    const res = await fetch(`${HUB_URL}/hub/earnings.csv?from=${today}&to=${today}`, { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="earnings-${today}-to-${today}.csv"`);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await res.text();
    expect(text.endsWith("\r\n")).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(["date", "item", "item_link", "kind", "payer", "amount_usdc", "fee_usdc", "net_usdc", "tx_hash", "receipt_url"]);
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    // Oldest first: the post was paid before the share.
    expect(first).toEqual([
      postPay.createdAt.toISOString(), "Tide almanac", `${post.url}`, "sale of a post", postPayer,
      "0.2", usdc(postPay.feeAtomic), usdc(postPay.amountAtomic - postPay.feeAtomic), postPay.txHash ?? "", `${HUB_URL}/hub/receipts/${postPay.id}`,
    ]);
    expect(second).toEqual([
      sharePay.createdAt.toISOString(), "'=HYPERLINK(\"http://evil.example\",\"chart\")", `${HUB_URL}/dashboard/shares/${share.slug}`, "sale of a share", sharePayer,
      "0.3", usdc(sharePay.feeAtomic), usdc(sharePay.amountAtomic - sharePay.feeAtomic), sharePay.txHash ?? "", `${HUB_URL}/hub/receipts/${sharePay.id}`,
    ]);
    expect(postPay.feeAtomic).toBeGreaterThan(0n); // the hub's fee is really taken, so fee and net differ from the amount
  });

  it("filters by date range, defaults to the last 30 days, and is the owner's alone", async () => {
    const old = await fetch(`${HUB_URL}/hub/earnings.csv?from=${yesterday}&to=${yesterday}`, { headers: { cookie: owner.cookie } });
    expect(old.status).toBe(200);
    expect(parseCsv(await old.text())).toHaveLength(1); // the header alone
    const byDefault = await fetch(`${HUB_URL}/hub/earnings.csv`, { headers: { cookie: owner.cookie } });
    expect(byDefault.headers.get("content-disposition")).toMatch(new RegExp(`filename="earnings-\\d{4}-\\d{2}-\\d{2}-to-${today}.csv"`));
    expect(parseCsv(await byDefault.text())).toHaveLength(3);
    // Another creator's export has none of these sales.
    const other = await person();
    const theirs = await fetch(`${HUB_URL}/hub/earnings.csv?from=${today}&to=${today}`, { headers: { cookie: other.cookie } });
    expect(parseCsv(await theirs.text())).toHaveLength(1);
    expectError(await api(`/hub/earnings.csv?from=${today}&to=${today}`), 401, "unauthorized");
    const bad = await api(`/hub/earnings.csv?from=${today}&to=${yesterday}`, { cookie: owner.cookie });
    expectError(bad, 400, "invalid-request");
    expect(bad.body.details).toContain("from");
  });
});
