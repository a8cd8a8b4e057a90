import { z } from "zod";
import { audienceTermsSchema } from "@/lib/access/audience-policy";
import { CONTENT_TYPES } from "./events";

export const EXPLORE_SORTS = ["trending", "best-sellers", "hot-new"] as const;

export const SORT_FORMULAS = {
  trending:
    "Activity with a 7-day half-life: every view adds 1, unlock 10, rating 5 (and a new item starts with 1), each weighted 2^(−age / 7 days), so an event a week old counts half as much as one now. Ties: a stable order by id.",
  "best-sellers": "Lifetime unlocks, then lifetime revenue, then lifetime views; ties: a stable order by id.",
  "hot-new":
    "Content first seen in the last 7 days comes first, by the trending score; older content follows, newest first.",
} as const;

export const exploreQuery = z.object({
  q: z.string().max(200).optional().meta({ description: "Free text over title, description, tags, site name and domain; every word must begin a word there (case-insensitive, whole words split at spaces and punctuation; docs/discovery.md)" }),
  type: z.enum([...CONTENT_TYPES, "all"]).default("all"),
  sort: z.enum(EXPLORE_SORTS).default("trending").meta({
    description: `trending: ${SORT_FORMULAS.trending} best-sellers: ${SORT_FORMULAS["best-sellers"]} hot-new: ${SORT_FORMULAS["hot-new"]}`,
  }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0).meta({ description: "Items to pass over (O(skip) on a deep page: prefer `cursor`)" }),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,400}$/, "a cursor is the opaque nextCursor of an earlier page")
    .optional()
    .meta({ description: "Continue after an earlier page: its `nextCursor` (same q, type and sort). Cannot be combined with skip" }),
});

export const contentCard = z
  .object({
    id: z.string(),
    websiteId: z.string(),
    websiteName: z.string(),
    websiteDomain: z.string(),
    websiteVerified: z.boolean(),
    websiteVerificationStatus: z.string().meta({ description: "verified, or stale when the site's proof is older than the maximum age" }),
    title: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    contentType: z.enum(CONTENT_TYPES),
    tags: z.string().meta({ description: "Comma-separated" }),
    tagList: z.array(z.string()),
    tagsTentative: z.boolean().meta({ description: "True when the tags were auto-assigned; publisher tags are never overwritten" }),
    url: z.string(),
    path: z.string(),
    currency: z.string(),
    price: z.number(),
    recipientWallet: z.string(),
    accessPolicy: z.string().meta({ description: "free | paid | blocked, or a JSON-encoded string with keys humans and agents" }),
    audiences: audienceTermsSchema,
    unlockPolicy: z.string().meta({ description: "one_time, or a JSON-encoded string with key mode" }),
    externalId: z.string(),
    views: z.number().int(),
    unlocks: z.number().int(),
    revenue: z.number(),
    ratings: z.number().int(),
    reputationScore: z.number().nullable(),
    reputationStars: z.number().nullable().meta({ description: "Average rating value / 10 (1..5); null until rated" }),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime().nullable(),
    x402: z
      .object({
        resource: z.string().meta({ description: "The URL a stock x402 client (e.g. @x402/fetch) requests to get the 402 and pay; for a hosted post its page, which answers agents with the post's access route" }),
        method: z.enum(["GET", "POST"]),
        body: z.object({ contentId: z.string() }).nullable().meta({ description: "The JSON body to send with POST (null for GET)" }),
        resourceUrl: z.string().meta({ description: "The x402 resource.url its 402 challenge and its signed receipts name (a receipt's resourceUrl matches it)" }),
      })
      .nullable()
      .meta({ description: "How to buy this item over x402 (null when it is free). `url` is where the item is read, which is not always the paid resource" }),
  })
  .meta({
    id: "ContentCard",
    example: {
      id: "cmwrht48k0000lc7d5p9x5rlr",
      websiteId: "1b0c6c1e-8a54-4a0b-9a55-2f3f1a0f7a10",
      websiteName: "Lofi Harbor",
      websiteDomain: "lofi-harbor.example",
      websiteVerified: true,
      websiteVerificationStatus: "verified",
      title: "Harbor Nights (full album)",
      description: "Harbor Nights (full album) by Lofi Harbor.",
      imageUrl: "",
      contentType: "music",
      tags: "music,lofi",
      tagList: ["music", "lofi"],
      tagsTentative: false,
      url: "https://lofi-harbor.example/music/harbor-nights",
      path: "/music/harbor-nights",
      currency: "USDC",
      price: 1,
      recipientWallet: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
      accessPolicy: "paid",
      audiences: { humans: { mode: "paid", price: "1" }, agents: { mode: "paid", price: "1" } },
      unlockPolicy: "one_time",
      externalId: "harbor-nights",
      views: 12,
      unlocks: 3,
      revenue: 3,
      ratings: 1,
      reputationScore: null,
      reputationStars: 4.5,
      createdAt: "2026-11-22T07:05:43.604Z",
      lastSeenAt: "2026-11-22T09:12:00.000Z",
    },
  });

export const exploreResponse = z
  .object({
    success: z.literal(true),
    content: z.array(contentCard),
    total: z.number().int(),
    limit: z.number().int(),
    skip: z.number().int(),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page (null on the last page); a deep page costs what the first does" }),
  })
  .meta({ id: "ExploreResponse" });

export const sitemapContentQuery = z.object({ limit: z.coerce.number().int().min(1).max(50_000).default(50_000) });

export const sitemapContentResponse = z
  .object({ success: z.literal(true), urls: z.array(z.object({ url: z.string(), updatedAt: z.iso.datetime() })) })
  .meta({ id: "SitemapContentResponse", example: { success: true, urls: [{ url: "https://quiet-letters.example/article/essay-slow-software", updatedAt: "2026-11-22T07:05:43.604Z" }] } });

export const sitemapSitesResponse = z
  .object({ success: z.literal(true), sites: z.array(z.string()).meta({ description: "Active hosted-blog domains" }) })
  .meta({ id: "SitemapSitesResponse", example: { success: true, sites: ["notes.blog.example"] } });

export const svcStatusResponse = z
  .object({
    site: z.object({ name: z.string(), origin: z.string() }),
    hub: z.object({
      name: z.string(),
      origin: z.string(),
      version: z.string(),
      network: z.enum(["testnet", "mainnet"]),
      chainId: z.number().int(),
      caip2: z.string(),
      endpoints: z.object({ explore: z.string(), events: z.string(), openapi: z.string(), x402: z.string() }),
      eventRateLimit: z.object({ perSite: z.number().int(), windowSeconds: z.number().int(), shared: z.boolean().meta({ description: "Counted in Redis, shared by every hub instance" }) }),
      facilitator: z.string().meta({ description: "The x402 facilitator's base URL for creators' own servers (HTTPFacilitatorClient `url`; /verify, /settle, /supported below it)" }),
      receiptSigner: z
        .object({ kid: z.string(), address: z.string(), format: z.literal("eip712"), did: z.string() })
        .meta({ description: "The key that signs x402 offers and receipts (offer-receipt extension); its did:web document is at `did`" }),
    }),
    widgetUrl: z.string(),
  })
  .meta({
    id: "SvcStatusResponse",
    example: {
      site: { name: "Paid Content Hub", origin: "http://localhost:3000" },
      hub: {
        name: "Paid Content Hub",
        origin: "http://localhost:3000",
        version: "0.2.9",
        network: "testnet",
        chainId: 5042002,
        caip2: "eip155:5042002",
        endpoints: {
          explore: "http://localhost:3000/hub/explore/content",
          events: "http://localhost:3000/hub/evt",
          openapi: "http://localhost:3000/api/openapi.json",
          x402: "http://localhost:3000/.well-known/x402",
        },
        eventRateLimit: { perSite: 600, windowSeconds: 60, shared: false },
        facilitator: "http://localhost:3000/facilitator",
        receiptSigner: { kid: "did:web:localhost%3A3000#receipt-key", address: "0x6B17fA4bB5d51E2dD0C2c1C1a5eA8d4B1A8b2C3D", format: "eip712", did: "http://localhost:3000/.well-known/did.json" },
      },
      widgetUrl: "http://localhost:3000/hub/widget.js",
    },
  });

/** GET /api/svc/status on a hosted blog's origin: the blog's identity and the hub serving it (lib/blog/post-manifest.ts blogStatus). */
export const blogStatusResponse = z
  .object({
    site: z.object({ name: z.string(), origin: z.string(), domain: z.string(), siteId: z.string() }),
    hub: z.object({ name: z.string(), origin: z.string(), network: z.enum(["testnet", "mainnet"]), chainId: z.number().int() }),
    widgetUrl: z.string(),
  })
  .meta({ id: "BlogStatusResponse" });
