// Sign-in-with-x (x402 v2 extension): every paid resource's 402 declares it, and a wallet that already
// bought the resource re-reads it by signing in instead of paying. The client side is the official
// one: @x402/fetch with the package's SIWX client hook (createSIWxClientHook), and the package's own
// createSIWxPayload / encodeSIWxHeader for the hostile cases.
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { createSIWxClientHook, createSIWxPayload, encodeSIWxHeader, SIGN_IN_WITH_X, type SIWxExtension } from "@x402/extensions/sign-in-with-x";
import { wrapFetchWithPayment, x402Client, x402HTTPClient } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogFetch, blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, originOf } from "../support/blog";
import { api, HUB_URL } from "../support/hub";
import { closeDb, createShare, person, type Person } from "../support/quickshare";
import { freshPayer, hubDb, NETWORK, pay, USDC, usdc, usdcBalance } from "../support/x402";

const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "10000000" }] };
const CONTENT = { contentId: "liner-notes" }; // seeded, 0.01 USDC

/** The stock client with the package's SIWX hook: it tries signing in first, and pays only when that gets a 402. */
function stockClient(payer: PrivateKeyAccount, fetcher: typeof fetch = fetch) {
  const http = new x402HTTPClient(new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend)).onPaymentRequired(createSIWxClientHook(payer));
  return wrapFetchWithPayment(fetcher, http);
}

const postPay = (fetcher: typeof fetch) => fetcher(`${HUB_URL}/hub/pay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(CONTENT) });

function siwxOf(challenge: PaymentRequired): SIWxExtension {
  const ext = challenge.extensions?.[SIGN_IN_WITH_X] as SIWxExtension | undefined;
  if (!ext) throw new Error(`no ${SIGN_IN_WITH_X} in ${JSON.stringify(challenge.extensions)}`);
  return ext;
}

/** A SIGN-IN-WITH-X header for a challenge, signed by `signer` with the package (fields overridable for hostile cases). */
async function siwxHeader(challenge: PaymentRequired, signer: PrivateKeyAccount, requestUrl: string, override: Record<string, string> = {}) {
  const ext = siwxOf(challenge);
  const info = { ...ext.info, ...override, chainId: ext.supportedChains[0]!.chainId, type: ext.supportedChains[0]!.type };
  return encodeSIWxHeader(await createSIWxPayload(info, signer, requestUrl));
}

async function paymentsBy(payer: string) {
  return hubDb().payment.count({ where: { payer } });
}

describe("sign-in-with-x", () => {
  let owner: Person;
  let blog: { domain: string; origin: string };
  let blogAdmin: string;

  beforeAll(async () => {
    owner = await person();
    const made = await createBlog(owner, "siwx");
    blog = { domain: made.domain, origin: originOf(made.domain) };
    blogAdmin = await blogSignIn(made.domain, owner.account);
  });
  afterAll(async () => {
    await cleanupBlogs();
    await closeDb();
  });

  it("a 402 declares it with the package's fields, bound to the origin the reader used", async () => {
    const res = await pay(CONTENT);
    expect(res.status).toBe(402);
    const ext = siwxOf(decodePaymentRequiredHeader(res.headers.get("payment-required")!));
    expect(ext.info).toMatchObject({ domain: new URL(HUB_URL).host, uri: `${HUB_URL}/hub/pay`, version: "1" });
    expect(ext.info.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(ext.info.expirationTime!) - Date.parse(ext.info.issuedAt)).toBe(300_000);
    expect(ext.supportedChains).toEqual([{ chainId: NETWORK, type: "eip191" }]);
    expect(res.body.extensions?.[SIGN_IN_WITH_X]).toBeDefined(); // the body carries the same challenge
  });

  it("every 402 has its own nonce and times; the rest of the challenge is the same, in the header and the body alike", async () => {
    const [a, b] = [await pay(CONTENT), await pay(CONTENT)];
    const [ca, cb] = [a, b].map((res) => decodePaymentRequiredHeader(res.headers.get("payment-required")!));
    const [sa, sb] = [siwxOf(ca!), siwxOf(cb!)];
    expect(sa.info.nonce).not.toBe(sb.info.nonce);
    const { nonce: _na, issuedAt: _ia, expirationTime: _ea, ...keptA } = sa.info;
    const { nonce: _nb, issuedAt: _ib, expirationTime: _eb, ...keptB } = sb.info;
    expect(keptA).toEqual(keptB);
    const withoutSiwx = (c: typeof ca) => ({ ...c, extensions: { ...c!.extensions, [SIGN_IN_WITH_X]: null } });
    expect(withoutSiwx(ca)).toEqual(withoutSiwx(cb));
    for (const [res, challenge] of [[a, ca], [b, cb]] as const) {
      expect(challenge!.error).toBe("payment_required");
      const { error, details, code, ...fields } = res.body;
      expect({ error, code, details: typeof details }).toEqual({ error: "Payment required", code: "payment-required", details: "string" });
      const { error: _own, ...x402 } = challenge!;
      expect(fields).toEqual(x402); // the body is the header's challenge, nonce included, with our error fields
    }
    expect(a.headers.get("content-type")).toBe("application/json");
  });

  it("hub content: the stock client pays once, then re-reads the receipt by signing in; nothing is charged twice", async () => {
    const payer = await freshPayer({ wallet: "1" });
    const fetcher = stockClient(payer);
    const first = await postPay(fetcher);
    const paid = await first.json();
    expect(first.status, JSON.stringify(paid)).toBe(200);
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));

    const again = await postPay(fetcher);
    const reread = await again.json();
    expect(again.status, JSON.stringify(reread)).toBe(200);
    expect(reread.payment).toMatchObject({ paymentId: paid.payment.paymentId, payer: payer.address, txHash: paid.payment.txHash });
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
    expect(await paymentsBy(payer.address)).toBe(1);
  });

  it("a share: pays once with the stock client, then signs in and reads with a fresh unlock proof", async () => {
    const share = await createShare(owner, { title: "SIWX share", content: "Bought once, read twice.", price: "0.05" });
    const payer = await freshPayer({ wallet: "1" });
    const fetcher = stockClient(payer);
    const url = `${HUB_URL}/quickshare/${share.slug}/access`;
    const first = await fetcher(url);
    const paid = await first.json();
    expect(first.status, JSON.stringify(paid)).toBe(200);
    expect(paid.access).toMatchObject({ via: "payment" });

    const again = await fetcher(url);
    const reread = await again.json();
    expect(again.status, JSON.stringify(reread)).toBe(200);
    expect(reread).toMatchObject({ content: "Bought once, read twice.", access: { via: "entitlement", wallet: payer.address } });
    expect(reread.unlockProof).toEqual(expect.any(String));
    expect(await usdcBalance(payer.address)).toBe(usdc("0.95"));
    expect(await paymentsBy(payer.address)).toBe(1);

    // The owner bans the wallet: signing in is refused as any other proven read is.
    expect((await api(`/quickshare/${share.slug}/entitlements/${payer.address}/ban`, { method: "POST", cookie: owner.cookie })).status).toBe(200);
    const challenge = decodePaymentRequiredHeader((await api(`/quickshare/${share.slug}/access`)).headers.get("payment-required")!);
    const banned = await api(`/quickshare/${share.slug}/access`, { headers: { [SIGN_IN_WITH_X]: await siwxHeader(challenge, payer, url) } });
    expect(banned.status).toBe(403);
    expect(banned.body.code).toBe("banned");
  });

  it("a blog post on its own origin: pays once, then signs in; the challenge names the blog's origin", async () => {
    await createPost(blog.domain, blogAdmin, { title: "SIWX post", slug: "siwx-post", body: "Read again by signing in.", price: "0.10" });
    const url = `${blog.origin}/api/article/siwx-post`;
    const unpaid = await blogRequest(blog.domain, "/api/article/siwx-post");
    expect(unpaid.status).toBe(402);
    expect(siwxOf(decodePaymentRequiredHeader(unpaid.headers.get("payment-required")!)).info).toMatchObject({ domain: `${blog.domain}:${new URL(HUB_URL).port}` });

    const payer = await freshPayer({ wallet: "1" });
    const fetcher = stockClient(payer, blogFetch());
    const first = await fetcher(url);
    expect(first.status, await first.clone().text()).toBe(200);
    const again = await fetcher(url);
    const reread = await again.json();
    expect(again.status, JSON.stringify(reread)).toBe(200);
    expect(reread).toMatchObject({ content: "Read again by signing in.", access: { via: "entitlement", wallet: payer.address } });
    expect(await usdcBalance(payer.address)).toBe(usdc("0.9"));
    expect(await paymentsBy(payer.address)).toBe(1);
  });

  describe("hostile sign-ins get the 402 with the package's reason, and nothing is granted", () => {
    let share: { slug: string };
    let buyer: PrivateKeyAccount;
    let url: string;
    const challenge = async () => decodePaymentRequiredHeader((await api(`/quickshare/${share.slug}/access`)).headers.get("payment-required")!);
    const read = (header: string, extra: Record<string, string> = {}, query = "") => api(`/quickshare/${share.slug}/access${query}`, { headers: { [SIGN_IN_WITH_X]: header, ...extra } });

    beforeAll(async () => {
      share = await createShare(owner, { title: "Hostile SIWX", content: "Only for the buyer.", price: "0.02" });
      buyer = await freshPayer({ wallet: "1" });
      url = `${HUB_URL}/quickshare/${share.slug}/access`;
      expect((await stockClient(buyer)(url)).status).toBe(200);
    });

    it("a header sent twice: the second use is refused (single-use nonce)", async () => {
      const header = await siwxHeader(await challenge(), buyer, url);
      expect((await read(header)).status).toBe(200);
      const replay = await read(header);
      expect(replay.status).toBe(402);
      expect(replay.body).toMatchObject({ code: "payment-invalid", reason: "invalid_siwx_nonce" });
    });

    it("two concurrent copies of one header: exactly one reads", async () => {
      const header = await siwxHeader(await challenge(), buyer, url);
      const answers = await Promise.all([read(header), read(header), read(header)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 402, 402]);
    });

    it("bound to another origin, too old, or signed by another key", async () => {
      const c = await challenge();
      const elsewhere = await read(await siwxHeader(c, buyer, "https://evil.example/quickshare", { domain: "evil.example", uri: "https://evil.example/quickshare" }));
      expect(elsewhere.body.reason).toBe("invalid_siwx_domain_mismatch");
      const old = new Date(Date.now() - 10 * 60_000).toISOString();
      const stale = await read(await siwxHeader(c, buyer, url, { issuedAt: old, expirationTime: new Date(Date.now() + 60_000).toISOString() }));
      expect(stale.status).toBe(402);
      expect(stale.body.reason).toMatch(/^invalid_siwx_issued_at/);
      // A forger signs with its own key but names the buyer's address.
      const forger = privateKeyToAccount(generatePrivateKey());
      const forged = await read(await siwxHeader(c, { ...forger, address: buyer.address } as PrivateKeyAccount, url));
      expect(forged.status).toBe(402);
      expect(forged.body.reason).toBe("invalid_siwx_signature");
      const junk = await read("not base64 at all!");
      expect(junk.status).toBe(402);
      expect(junk.body.reason).toBe("invalid_siwx_payload");
      for (const r of [elsewhere, stale, forged, junk]) expect(r.body.content).toBeUndefined();
    });

    it("a wallet that never bought gets the 402 as before; a request for another wallet is 403 payer-mismatch", async () => {
      const other = privateKeyToAccount(generatePrivateKey());
      const unpaid = await read(await siwxHeader(await challenge(), other, url));
      expect(unpaid.status).toBe(402);
      expect(unpaid.body.code).toBe("payment-required");
      const mismatch = await read(await siwxHeader(await challenge(), buyer, url), {}, `?wallet=${other.address}`);
      expect(mismatch.status).toBe(403);
      expect(mismatch.body.code).toBe("payer-mismatch");
    });
  });
});
