import type { z } from "zod";
import { describeAudiences } from "@/lib/access/audience-policy";
import type { Content, Site } from "@/lib/generated/sqlite/client";
import { env } from "@/lib/env";
import { usdcNumber } from "@/lib/money";
import { CONTENT_TYPES } from "@/lib/schemas/events";
import type { contentCard } from "@/lib/schemas/explore";
import { siteStatus } from "@/lib/sites/site-status";
import { isPostListing } from "./post-listing-id";

export type ContentCard = z.infer<typeof contentCard>;

/** The columns a card is made of: a content row and the fields of its site it shows. */
export type CardRow = Pick<
  Content,
  | "id" | "siteId" | "title" | "description" | "imageUrl" | "contentType" | "tags" | "tagsTentative" | "url" | "path" | "currency"
  | "priceAtomic" | "recipientWallet" | "accessPolicy" | "unlockPolicy" | "externalId" | "views" | "unlocks" | "revenueAtomic"
  | "ratingsCount" | "ratingSum" | "reputationScore" | "createdAt" | "lastSeenAt"
> & { site: Pick<Site, "name" | "domain" | "ownerWallet" | "verified" | "verificationStatus" | "lastVerifiedAt" | "removedAt" | "hosted"> };

/**
 * A content row and its site as the explore feed's card. Built field by field against the output
 * schema's type (so no column can leak); not parsed again per card on every page: that parse was a
 * measurable part of a computed explore page (bench/README.md, issue 38 session 21). The route wrapper
 * checks whole answers against the schema wherever answers are checked (HUB_CHECK_ANSWERS, the tests).
 */
export function toContentCard(c: CardRow): ContentCard {
  const { verified, status } = siteStatus(c.site);
  const type = (CONTENT_TYPES.includes(c.contentType as (typeof CONTENT_TYPES)[number]) ? c.contentType : "article") as ContentCard["contentType"];
  const audiences = describeAudiences({ policy: c.accessPolicy, listPriceAtomic: c.priceAtomic });
  return {
    id: c.id,
    websiteId: c.siteId,
    websiteName: c.site.name || c.site.domain,
    websiteDomain: c.site.domain,
    websiteVerified: verified,
    websiteVerificationStatus: status,
    title: c.title,
    description: c.description,
    imageUrl: c.imageUrl,
    contentType: type,
    tags: c.tags,
    tagList: c.tags.split(",").map((t) => t.trim()).filter(Boolean),
    tagsTentative: c.tagsTentative,
    url: c.url,
    path: c.path,
    currency: c.currency,
    price: usdcNumber(c.priceAtomic),
    recipientWallet: c.recipientWallet ?? c.site.ownerWallet,
    accessPolicy: c.accessPolicy,
    audiences,
    unlockPolicy: c.unlockPolicy,
    externalId: c.externalId,
    views: c.views,
    unlocks: c.unlocks,
    revenue: usdcNumber(c.revenueAtomic),
    ratings: c.ratingsCount,
    reputationScore: c.reputationScore,
    reputationStars: c.ratingsCount > 0 ? Math.round((c.ratingSum / c.ratingsCount / 10) * 100) / 100 : null,
    createdAt: c.createdAt.toISOString(),
    lastSeenAt: c.lastSeenAt?.toISOString() ?? null,
    x402: x402Of(c, audiences.agents.mode),
  };
}

/**
 * How an agent buys the card's item with a stock x402 client: a hosted post is paid at its page URL
 * (an agent's GET there is the post's access route); anything else through POST /hub/pay with the
 * card's id. Null for free items.
 */
function x402Of(c: CardRow, agents: string): ContentCard["x402"] {
  if (c.priceAtomic <= 0n || c.accessPolicy === "free") {
    // Free for people may still be paid for agents (prices per audience): agents buy it the same way.
    if (agents !== "paid") return null;
  }
  if (isPostListing(c)) {
    // The post's access route on its blog's origin: what its 402 and its signed receipts name.
    const resourceUrl = `${new URL(c.url).origin}/api/svc/access?path=${encodeURIComponent(c.path)}`;
    return { resource: c.url, method: "GET", body: null, resourceUrl };
  }
  return { resource: `${env.HUB_ORIGIN}/hub/pay`, method: "POST", body: { contentId: c.id }, resourceUrl: c.url || `${env.HUB_ORIGIN}/hub/pay` };
}
