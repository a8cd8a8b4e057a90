import "server-only";
import { getAddress, type Address } from "viem";
import { resolveAudiencePrice, type Audience } from "@/lib/access/audience-policy";
import { predictFeeWallet } from "@/lib/chain/predict";
import { contentById } from "@/lib/content/content-by-id";
import { contentForSale, type ContentForSale } from "@/lib/content/content-for-sale";
import { isKeptRow, type KeptRows, keptRowCheck } from "@/lib/content/kept-sale-rows";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { isPostListing } from "@/lib/explore/post-listing-id";
import { ApiError } from "@/lib/http/errors";
import { parseUsdc } from "@/lib/money";
import { isSiteSecret } from "@/lib/sites/site-secret";
import { HOSTED_FEE_BPS } from "./constants";
import { ReadAgain } from "./read-again";
import type { PaidResource } from "./types";

export type PayResourceInput = {
  contentId?: string;
  title?: string;
  path?: string;
  url?: string;
  price?: string | number;
  recipient?: string;
  siteId?: string;
  siteToken?: string;
  /** A quote only (no payment): the content row may come from the read cache (lib/content/content-by-id.ts). */
  fromCache?: boolean;
  /** A Gateway payment: the content row may be a kept copy its sale checks (lib/content/kept-sale-rows.ts). */
  kept?: KeptRows;
};

export type ResolvedPayResource = PaidResource & { tracked: boolean; hosted: boolean };

const DEFAULT_PRICE = "0.01";

/**
 * What /hub/pay (and preflight) charges for, decided on the server. A tracked content item (by hub
 * id or the site's externalId, or by its URL) fixes price and recipient and ignores the body's values;
 * otherwise the body's price (default 0.01 USDC) and recipient (default SELLER_ADDRESS) apply, and
 * a siteId attributes the payment only with the site's token. A hosted site is paid into the
 * creator's fee wallet (which splits 99/1 on chain) and the 1% protocol fee is recorded; a
 * self-hosted creator is paid directly, fee 0. Throws 400 missing-recipient / invalid-amount, 403
 * for content that is not for sale or wrong site credentials. Tracked content is priced for the
 * request's audience (lib/access/audience-policy.ts): 403 audience-blocked when its policy blocks
 * that audience, 400 when it is free for it, else that audience's price.
 */
export async function resolvePayResource(input: PayResourceInput, { audience = "humans" }: { audience?: Audience } = {}): Promise<ResolvedPayResource> {
  const content = await findTrackedContent(input);
  if (content) {
    if (!isKeptRow(content)) return trackedResource(content, input, audience);
    // A kept row prices only a sale that its check confirms; a refusal is decided from a fresh read.
    try {
      return { ...trackedResource(content, input, audience), keptCheck: keptRowCheck(content, () => new ReadAgain("the sale found the content row changed")) };
    } catch (err) {
      throw err instanceof ApiError ? new ReadAgain(`it refused the content (${err.message})`) : err;
    }
  }

  let price: bigint;
  try {
    price = parseUsdc(input.price ?? DEFAULT_PRICE);
  } catch (err) {
    throw new ApiError("invalid-amount", `price: ${(err as Error).message}`);
  }
  if (price <= 0n) throw new ApiError("invalid-amount", "price: must be more than 0");
  const rawRecipient = input.recipient ?? env.SELLER_ADDRESS;
  if (!rawRecipient) {
    throw new ApiError("missing-recipient", "recipient: this content is not tracked by the hub, so name the creator's wallet (no default seller is configured)");
  }
  const recipient = getAddress(rawRecipient);
  const site = input.siteId ? await attributedSite(input.siteId, input.siteToken) : null;
  const hosted = site?.hosted ?? false;
  const url = input.url || `${env.HUB_ORIGIN}/hub/pay`;
  return {
    kind: "content",
    id: `untracked:${input.contentId ?? input.url ?? input.path ?? "default"}`,
    url,
    description: input.title ?? "",
    price,
    recipient,
    payTo: hosted ? feeWalletOf(site?.feeWallet ?? null, recipient) : recipient,
    feeBps: hosted ? HOSTED_FEE_BPS : 0,
    siteId: site?.id ?? null,
    contentId: null,
    ledger: { contentTitle: input.title ?? null, contentUrl: input.url ?? null, domain: site?.domain ?? null },
    tracked: false,
    hosted,
  };
}

/** The resource a tracked content row sells for `audience`, or the refusal its site, policy or kind gives. */
function trackedResource(content: ContentForSale, input: PayResourceInput, audience: Audience): ResolvedPayResource {
  if (content.site.removed || content.accessPolicy === "blocked") {
    throw new ApiError("forbidden", "This content is not offered for sale");
  }
  const terms = resolveAudiencePrice({ policy: content.accessPolicy, listPriceAtomic: content.priceAtomic, audience });
  if (terms.decision === "blocked") {
    throw new ApiError("audience-blocked", `The creator does not offer this content to ${audience}${audience === "agents" ? " (the request declared an agent: x-svc-actor, MCP or the facilitator)" : ""}`);
  }
  if (isPostListing(content)) {
    // /hub/pay sells posts through the blog's access engine before it gets here (lib/blog/find-sold-post.ts);
    // what is left (a preflight) is pointed at the post's URL, in a field a client acts on.
    throw new ApiError("invalid-request", `This is a hosted blog post: GET ${content.url} as an agent (or POST /hub/pay with this contentId) answers its 402`, undefined, { resource: content.url });
  }
  if (terms.decision === "free") {
    throw new ApiError("invalid-request", `This content is free${audience === "agents" ? " for agents" : ""}: it needs no payment`);
  }
  const recipient = getAddress(content.recipientWallet ?? content.site.ownerWallet);
  const hosted = content.site.hosted;
  return {
    kind: "content",
    id: content.id,
    url: content.url || input.url || `${env.HUB_ORIGIN}/hub/pay`,
    description: content.title,
    price: terms.priceAtomic,
    recipient,
    payTo: hosted ? feeWalletOf(content.site.feeWallet, recipient) : recipient,
    feeBps: hosted ? HOSTED_FEE_BPS : 0,
    siteId: content.siteId,
    contentId: content.id,
    ledger: { contentTitle: content.title, contentUrl: content.url || null, domain: content.site.domain },
    tracked: true,
    hosted,
  };
}

/**
 * The tracked content the request names, by whichever field names it: contentId (hub id, or a
 * site's externalId), then url, then path (within siteId when given; without it only when one
 * item has that path). An unknown contentId does not hide a tracked url or path, so a request
 * cannot pay the untracked price for tracked content or borrow its title, URL or domain.
 */
export async function findTrackedContent(input: PayResourceInput) {
  const network = env.NETWORK_MODE;
  if (input.contentId) {
    // One query for both forms (shared with find-sold-post within the request).
    const hit = await contentById(input as PayResourceInput & { contentId: string });
    if (hit) return hit;
  }
  if (input.url) {
    const [hit] = await contentForSale({ by: "url", network, url: input.url });
    if (hit) return hit;
  }
  if (input.path) {
    const rows = await contentForSale({ by: "path", network, path: input.path, siteId: input.siteId });
    if (rows.length === 1) return rows[0]!;
  }
  return null;
}

/**
 * A site named for attribution counts only with its secret (never its public widget key: that one is
 * in every page of the site); without a token it is ignored.
 */
async function attributedSite(siteId: string, token: string | undefined) {
  if (!token) return null;
  const site = await db.site.findUnique({ where: { id: siteId } });
  if (!site || site.removedAt || !isSiteSecret(site, token)) {
    throw new ApiError("forbidden", "siteId and siteToken do not match a registered site");
  }
  return site;
}

function feeWalletOf(stored: string | null, creator: Address): Address {
  if (stored) return getAddress(stored);
  if (!env.FEE_WALLET_FACTORY_ADDRESS) throw new Error("FEE_WALLET_FACTORY_ADDRESS is not configured: hosted payments need it");
  return predictFeeWallet({ factory: env.FEE_WALLET_FACTORY_ADDRESS, creator });
}
