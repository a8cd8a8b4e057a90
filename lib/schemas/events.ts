import { z } from "zod";
import { audienceRuleObjectSchema } from "@/lib/access/audience-policy";
import { walletAddress } from "./auth";

export const EVENT_KINDS = ["page_view", "resource_view", "unlock_started", "unlock_completed", "payment_completed", "content_rating"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const CONTENT_TYPES = ["article", "music", "video", "image", "document"] as const;

const policyValue = z.string().max(40);
const audienceValue = z.union([policyValue, audienceRuleObjectSchema]);

export const eventResource = z
  .object({
    id: z.string().max(1000).optional().meta({
      description: "The site's own content id: 1-200 characters of letters, digits and . _ - : / @ + ~ (a malformed id answers 403). Required by every event but page_view.",
      example: "essay-slow-software",
    }),
    title: z.string().max(300).optional(),
    description: z.string().max(2000).optional(),
    url: z.string().max(2048).optional().meta({ description: "Canonical URL of the content; must be on the site's domain (default: the event url)" }),
    type: z.enum(CONTENT_TYPES).optional(),
    price: z
      .union([z.string().max(40), z.number().nonnegative()])
      .optional()
      .meta({ description: "USDC, a decimal with at most 6 places (\"0.05\" or 0.05), at most 1000000" }),
    currency: z.literal("USDC").optional(),
    recipient: walletAddress.optional().meta({ description: "Wallet paid for this content; must be an owner wallet (or the fee wallet) of the site" }),
    imageUrl: z.string().max(2048).optional(),
    tags: z
      .union([z.string().max(600), z.array(z.string().max(60)).max(24)])
      .optional()
      .meta({ description: "Publisher tags (comma-separated or an array); they replace auto-assigned tags and are never overwritten by them" }),
    access: z
      .union([z.enum(["free", "paid", "blocked"]), z.object({ humans: audienceValue, agents: audienceValue })])
      .optional()
      .meta({ description: "accessPolicy: free | paid | blocked, or {humans, agents} (stored as a JSON string); each audience free | paid | blocked or {mode, price} with that audience's own USDC price (prices per audience)" }),
    unlock: z
      .union([z.literal("one_time"), z.object({ mode: policyValue })])
      .optional()
      .meta({ description: "unlockPolicy: one_time, or {mode} (stored as a JSON string)" }),
  })
  .meta({ id: "EventResource" });

export const eventBody = z
  .object({
    siteId: z.string().min(1).max(100).meta({ description: "The site UUID (websiteId)" }),
    token: z.string().min(1).max(200).meta({ description: "The site's token (from POST /hub/sites/register or GET /hub/sites)" }),
    event: z.enum(EVENT_KINDS).default("page_view"),
    resource: eventResource.optional(),
    url: z.string().max(2048).optional().meta({ description: "The page the event happened on; must be on the site's domain" }),
    path: z.string().max(1024).optional(),
    actor: z.enum(["human", "agent"]).optional(),
    paymentId: z.string().max(200).optional().meta({ description: "unlock_completed / payment_completed: the hub payment it reports (then it is not counted twice)" }),
    txHash: z.string().max(200).optional(),
    rating: z.number().int().min(1).max(50).optional().meta({ description: "content_rating: value 1..50 (stars = value / 10)" }),
  })
  .meta({
    id: "WidgetEvent",
    example: {
      siteId: "1b0c6c1e-8a54-4a0b-9a55-2f3f1a0f7a10",
      token: "3f5e…",
      event: "resource_view",
      url: "https://quiet-letters.example/article/essay-slow-software",
      resource: { id: "essay-slow-software", title: "The case for slow software", type: "article", price: "0.05" },
    },
  });

export const eventResponse = z
  .object({
    success: z.literal(true),
    event: z.enum(EVENT_KINDS),
    contentId: z.string().nullable().meta({ description: "Hub content id the event was recorded against (null for a bare page_view)" }),
    counted: z.boolean().meta({ description: "False when the event was recorded but fed no counter (e.g. it reports a hub payment already counted)" }),
  })
  .meta({ id: "WidgetEventResponse", example: { success: true, event: "resource_view", contentId: "cmwrht48k0000lc7d5p9x5rlr", counted: true } });
