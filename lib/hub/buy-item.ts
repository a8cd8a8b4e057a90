import "server-only";
import { decodePaymentResponseHeader } from "@x402/core/http";
import type { SettleResponse } from "@x402/core/types";
import { accessResource } from "@/lib/access/access-resource";
import { findSoldPost } from "@/lib/blog/find-sold-post";
import { payForPost } from "@/lib/blog/pay-for-post";
import { ApiError } from "@/lib/http/errors";
import { findSoldPass } from "@/lib/passes/find-sold-pass";
import { payForPass } from "@/lib/passes/pay-for-pass";
import { shareAccess } from "@/lib/quickshare/share-access";
import { payBody } from "@/lib/schemas/x402";
import { HEADERS } from "@/lib/x402/constants";
import type { Credentials } from "@/lib/x402/parse-credentials";
import { payForContent } from "@/lib/x402/pay-for-content";
import { findTrackedContent } from "@/lib/x402/resolve-pay-resource";

export type BuyItemInput = { contentId?: string; url?: string; share?: string; wallet?: string };

/**
 * Buys one content item for an agent that is not speaking HTTP to it (the MCP `buy_content` tool),
 * through the same engines as the HTTP routes: a hosted post (card id, `post:<id>` or URL) through
 * the blog's access engine, a share (slug or /qs/ URL) through the share's, tracked hub content
 * through /hub/pay's. Same 402 challenge, receipts, entitlements and ledger rows as over HTTP; the
 * settlement is the PAYMENT-RESPONSE the HTTP answer would carry (null when nothing was paid).
 * Untracked content is not sold here (it has no price the hub knows).
 */
export async function buyItem({ input, credentials }: { input: BuyItemInput; credentials: Credentials }): Promise<{ body: Record<string, unknown>; settlement: SettleResponse | null }> {
  const named = [input.contentId, input.url, input.share].filter((v) => v !== undefined).length;
  if (named !== 1) throw new ApiError("invalid-request", "Name exactly one of contentId, url or share");
  const slug = input.share ?? shareSlugOf(input.url);
  if (slug) {
    const answer = await accessResource(shareAccess, { key: slug, claim: input.wallet ?? null, sessionWallet: null, credentials, purpose: "access", now: credentials.now });
    if (answer.kind === "redirect") return { body: { redirect: answer.url }, settlement: null };
    return { body: answer.body as Record<string, unknown>, settlement: settlementOf(answer.headers) };
  }
  // One parsed body for the rest: the content row a contentId names is read once, by whichever asks
  // first (contentById's memo per body object, lib/content/content-by-id.ts), not once per question.
  const body = payBody.parse({ contentId: input.contentId, url: input.url });
  const sold = await findSoldPost(body);
  if (sold) {
    const { body, headers } = await payForPost({ sold, credentials, wallet: input.wallet });
    return { body, settlement: settlementOf(headers) };
  }
  const passOf = await findSoldPass({ url: input.url });
  if (passOf) {
    const { body, headers } = await payForPass({ blog: passOf, credentials, wallet: input.wallet });
    return { body, settlement: settlementOf(headers) };
  }
  // Only what the hub tracks is sold here: an unknown id or URL is 404 before any price is guessed (an
  // untracked URL was priced first, and refused as missing-recipient where the hub has no SELLER_ADDRESS).
  if (!(await findTrackedContent(body))) throw new ApiError("not-found", `No content ${input.contentId ?? input.url} is listed on this hub: buy what explore_content lists`);
  const { receipt, headers } = await payForContent({ body, credentials });
  return { body: { success: true, payment: receipt }, settlement: settlementOf(headers) };
}

/** The slug of a share URL (/qs/<slug> or /quickshare/<slug>/…, with or without /api), else null. */
function shareSlugOf(url: string | undefined): string | null {
  if (!url) return null;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const m = /^(?:\/api)?\/(?:qs|quickshare)\/([^/]+)/.exec(path);
  return m ? decodeURIComponent(m[1]!) : null;
}

function settlementOf(headers: Record<string, string>): SettleResponse | null {
  const value = Object.entries(headers).find(([k]) => k.toLowerCase() === HEADERS.response.toLowerCase())?.[1];
  return value ? decodePaymentResponseHeader(value) : null;
}
