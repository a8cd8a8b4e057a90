import "server-only";
import type { z } from "zod";
import { resolveAudiencePrice } from "@/lib/access/audience-policy";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { VISIBLE_SITE_IDS } from "@/lib/sites/visible-sites";
import { CONTENT_ORDER_INDEX, contentTable, siteIdIn } from "@/lib/explore/content-join";
import { parseUsdc } from "@/lib/money";
import type { discoveryResponse } from "@/lib/schemas/x402";

const MINIMUM = "0.01";
const MAXIMUM = "1.00";
const LIMIT = 1000;

/**
 * GET /.well-known/x402: the URLs of live paid content (verified sites, priced within the declared
 * 0.01–1.00 USDC range, newest first) and how to pay for them through this hub. The 402 challenge of
 * each payment stays authoritative for price and payee. The readers are agents: content whose
 * policy blocks agents or lets them read free (prices per audience) is not listed.
 */
export async function discoveryDocument(): Promise<z.infer<typeof discoveryResponse>> {
  // Newest first by walking (network, createdAt): the ORM's form of this filter (two joins to the
  // site and a NOT over both) made PostgreSQL join the sites first and sort every content row (160 ms
  // at 100,000 items). A hosted post's URL is its page, which answers an agent's GET with the post's 402.
  const rows = await db.$queryRaw<Array<{ url: string; accessPolicy: string; priceAtomic: bigint | number }>>`SELECT c."url", c."accessPolicy", c."priceAtomic" FROM ${contentTable(CONTENT_ORDER_INDEX.newest)}
    WHERE c."network" = ${env.NETWORK_MODE}
      AND c."priceAtomic" >= ${parseUsdc(MINIMUM)} AND c."priceAtomic" <= ${parseUsdc(MAXIMUM)}
      AND c."accessPolicy" NOT IN ('free', 'blocked') AND c."url" <> ''
      AND ${siteIdIn(VISIBLE_SITE_IDS)}
    ORDER BY c."createdAt" DESC, c."id" DESC
    LIMIT ${LIMIT}`;
  const hub = NETWORKS[env.NETWORK_MODE];
  const endpoint = `${env.HUB_ORIGIN}/hub/pay`;
  return {
    version: 1,
    resources: [...new Set(rows.filter(forAgents).map((r) => r.url))],
    instructions:
      `Pay for any listed resource through this hub: POST ${endpoint} with JSON {"url": "<resource URL>"} (or {"contentId": "<hub id or the site's id>"}). ` +
      `A hosted blog post's URL (its page) is also the x402 resource itself: GET it as an agent (no text/html in Accept, or x-svc-actor: agent) and a stock client such as @x402/fetch pays its 402 directly. ` +
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
      rails: ["eip3009", "gateway", "transfer"],
      endpoint,
    },
  };
}

/** Agents pay for it (not blocked, not free for them). */
function forAgents(r: { accessPolicy: string; priceAtomic: bigint | number }): boolean {
  return resolveAudiencePrice({ policy: r.accessPolicy, listPriceAtomic: BigInt(r.priceAtomic), audience: "agents" }).decision === "paid";
}
