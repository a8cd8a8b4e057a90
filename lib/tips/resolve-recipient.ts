import "server-only";
import { getAddress, type Address } from "viem";
import { canonicalDomain, predictFeeWallet } from "@/lib/chain/predict";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

export type ResolvedRecipient = {
  resolved: true;
  /** Where the wallet came from: the content item's recipientWallet, the verified site's owner, or the share's owner. */
  source: "content" | "site" | "quickshare";
  wallet: Address;
  domain: string;
  siteId: string | null;
  contentId: string | null;
  title: string | null;
  /** Hosted by this hub (hosted blog or quickshare): payments go through the creator's fee wallet. */
  hosted: boolean;
  feeWallet: Address | null;
};

/** holdable: false for links on this hub itself (quickshare), which are never held. */
export type Unresolved = { resolved: false; domain: string; reason: string; holdable: boolean };

const BASE58_SLUG = /^\/(?:api\/)?(?:qs|quickshare)\/([1-9A-HJ-NP-Za-km-z]{8})(?:\/.*)?$/;

/**
 * The wallet a tip to `url` goes to. A quickshare URL on this hub resolves to the share's owner.
 * Otherwise the page's content record wins when it names a recipientWallet (its site must be verified
 * and not removed), else the verified, not removed site of the URL's domain resolves to its owner.
 * Anything else is unresolved: a tip to it is held in the domain's box.
 */
export async function resolveRecipient({ url }: { url: string }): Promise<ResolvedRecipient | Unresolved> {
  const parsed = parseTipUrl(url);
  const domain = canonicalDomain(parsed.host);

  const slug = quickshareSlug(parsed);
  if (slug) {
    const share = await db.quickshare.findUnique({ where: { slug }, select: { ownerWallet: true, network: true, status: true, title: true } });
    if (!share || share.network !== env.NETWORK_MODE || share.status === "draft") {
      return { resolved: false, domain, reason: `No quickshare /qs/${slug} on this hub`, holdable: false };
    }
    const wallet = getAddress(share.ownerWallet);
    return { resolved: true, source: "quickshare", wallet, domain, siteId: null, contentId: null, title: share.title, hosted: true, feeWallet: feeWalletOf(wallet) };
  }

  const site = await db.site.findFirst({
    where: { domain: { in: [domain, `www.${domain}`] }, verified: true, removedAt: null },
    select: { id: true, ownerWallet: true, hosted: true, feeWallet: true },
  });
  if (!site) {
    const holdable = domain !== canonicalDomain(new URL(env.HUB_ORIGIN).host);
    return { resolved: false, domain, reason: holdable ? `${domain} is not a verified site on this hub` : "Not a tippable page of this hub", holdable };
  }

  const bare = `${parsed.origin}${parsed.pathname}`;
  const candidates = [...new Set([url, parsed.href, bare, bare.replace(/\/+$/, "")])];
  const content = await db.content.findFirst({
    where: {
      network: env.NETWORK_MODE,
      siteId: site.id,
      recipientWallet: { not: null },
      OR: [{ url: { in: candidates } }, { path: parsed.pathname }],
    },
    orderBy: { updatedAt: "desc" },
    select: { id: true, recipientWallet: true, title: true },
  });
  // A hosted site's fee wallet is its owner's; a per-article recipient gets their own.
  const siteFeeWallet = (wallet: Address) =>
    !site.hosted ? null : site.feeWallet && getAddress(site.ownerWallet) === wallet ? getAddress(site.feeWallet) : feeWalletOf(wallet);
  if (content?.recipientWallet && /^0x[0-9a-fA-F]{40}$/.test(content.recipientWallet)) {
    const wallet = getAddress(content.recipientWallet);
    const title = content.title || null;
    return { resolved: true, source: "content", wallet, domain, siteId: site.id, contentId: content.id, title, hosted: site.hosted, feeWallet: siteFeeWallet(wallet) };
  }
  const wallet = getAddress(site.ownerWallet);
  return { resolved: true, source: "site", wallet, domain, siteId: site.id, contentId: null, title: null, hosted: site.hosted, feeWallet: siteFeeWallet(wallet) };
}

/** An absolute http(s) URL, or 400. */
export function parseTipUrl(url: string, field = "url"): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ApiError("invalid-request", `${field}: "${url}" is not an absolute URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new ApiError("invalid-request", `${field}: must be an http(s) URL`);
  if (!parsed.hostname) throw new ApiError("invalid-request", `${field}: has no host`);
  return parsed;
}

/** The share slug when `url` is a quickshare link on this hub (/qs/<slug>, /quickshare/<slug>/…), else null. */
export function quickshareSlug(url: URL): string | null {
  if (url.host !== new URL(env.HUB_ORIGIN).host) return null;
  return BASE58_SLUG.exec(url.pathname)?.[1] ?? null;
}

function feeWalletOf(creator: Address): Address | null {
  if (!env.FEE_WALLET_FACTORY_ADDRESS) return null;
  return predictFeeWallet({ factory: env.FEE_WALLET_FACTORY_ADDRESS, creator });
}
