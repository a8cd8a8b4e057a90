import "server-only";
import type { z } from "zod";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { POST_LISTING_PREFIX } from "@/lib/explore/post-listing-id";
import { parseUsdc } from "@/lib/money";
import type { discoveryResponse } from "@/lib/schemas/x402";

const MINIMUM = "0.01";
const MAXIMUM = "1.00";
const LIMIT = 1000;

/**
 * GET /.well-known/x402: the URLs of live paid content (verified sites, priced within the declared
 * 0.01–1.00 USDC range, newest first) and how to pay for them through this hub. The 402 challenge of
 * each payment stays authoritative for price and payee.
 */
export async function discoveryDocument(): Promise<z.infer<typeof discoveryResponse>> {
  const rows = await db.content.findMany({
    where: {
      network: env.NETWORK_MODE,
      priceAtomic: { gte: parseUsdc(MINIMUM), lte: parseUsdc(MAXIMUM) },
      accessPolicy: { notIn: ["free", "blocked"] },
      url: { not: "" },
      NOT: { externalId: { startsWith: POST_LISTING_PREFIX }, site: { hosted: true } }, // blog posts answer their own 402 on the blog
      site: { verified: true, removedAt: null },
    },
    select: { url: true },
    orderBy: { createdAt: "desc" },
    take: LIMIT,
  });
  const hub = NETWORKS[env.NETWORK_MODE];
  const endpoint = `${env.HUB_ORIGIN}/hub/pay`;
  return {
    version: 1,
    resources: [...new Set(rows.map((r) => r.url))],
    instructions:
      `Pay for any listed resource through this hub: POST ${endpoint} with JSON {"url": "<resource URL>"} (or {"contentId": "<hub id or the site's id>"}). ` +
      `The 402 answer carries the x402 v2 challenge in the PAYMENT-REQUIRED header: sign accepts[0] (a plain EIP-3009 USDC authorization, settled at once) ` +
      `or accepts[1] (a Circle Gateway batched authorization drawn from your Gateway deposit) and retry with the Payment-Signature header; ` +
      `or transfer the USDC to payTo yourself and retry with x-svc-transfer-tx and x-svc-tx-owner. Prices are dynamic: the runtime 402 challenge is authoritative.`,
    payment: {
      protocol: "x402",
      x402Version: 2,
      pricing: "dynamic",
      currency: "USDC",
      asset: env.USDC_ADDRESS,
      network: hub.caip2,
      minimum: MINIMUM,
      maximum: MAXIMUM,
      rails: ["gateway", "transfer"],
      endpoint,
    },
  };
}
