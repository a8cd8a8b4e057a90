import "server-only";
import type { PaymentRequirements } from "@x402/core/types";
import { getAddress, isAddressEqual, type Address } from "viem";
import type { z } from "zod";
import { GATEWAY_BATCHED_DOMAIN } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { getChainInfo } from "@/lib/chain/chain-info";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { formatUsdc, parseUsdc } from "@/lib/money";
import type { facilitatorRequestSchema } from "@/lib/schemas/facilitator";
import { normalizeDomain } from "@/lib/sites/normalize-domain";
import { HOSTED_FEE_BPS } from "@/lib/x402/constants";
import type { PaymentPayload } from "@/lib/x402/payment-credentials";
import { PaymentRejected } from "@/lib/x402/payment-rejected";
import type { PaidResource } from "@/lib/x402/types";
import type { FacilitatorSite } from "./authenticate-facilitator";

export type FacilitatorRequest = z.infer<typeof facilitatorRequestSchema>;

/** A creator server's payment, checked against its site and turned into what the hub's payment engine takes. */
export type FacilitatedPayment = {
  payload: PaymentPayload;
  /** The creator server's requirements: the only option `accepted` may equal. */
  options: PaymentRequirements[];
  /** The Content row's identity on the site (its URL) and the fields it is created or updated with. */
  content: { externalId: string; url: string; path: string; title: string; description: string; price: bigint };
  /** The page's Content row's unique key (network, site, its URL): what verify and settle read it by and settle writes it by. */
  key: { network: string; siteId: string; externalId: string };
  /** The PaidResource for the Content row `contentId`. */
  resource: (contentId: string) => PaidResource;
};

/** A paid page's URL as its Content row's id keeps it (without its fragment), or null for a value that is not a URL. */
function pageUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  url.hash = "";
  return url;
}

/**
 * The Content row id (externalId) of the page a facilitator call names, before anything is checked, so
 * the page's row can be read with the call's key (authenticateFacilitator); null when it names none.
 * facilitatedPayment derives the same id once the call checks out.
 */
export function facilitatorPageId(request: FacilitatorRequest): string | null {
  const raw = request.paymentPayload.resource?.url;
  return raw ? (pageUrl(raw)?.href ?? null) : null;
}

/**
 * What a creator's server may ask the facilitator to verify or settle, decided before any state is
 * read: exact scheme on this hub's network, USDC, one of the two forms the hub accepts (USDC's own
 * EIP-712 domain, or GatewayWalletBatched over the Gateway Wallet), a positive amount no larger than
 * FACILITATOR_MAX_AMOUNT, payTo the site's owner wallet or its fee wallet, and a resource URL on the
 * site's verified domain. Throws PaymentRejected with an x402-style reason. The fee follows the hub
 * rail: paid into the fee wallet, the 1 % is recorded; paid to the owner directly, none.
 */
export async function facilitatedPayment({ site, request }: { site: FacilitatorSite; request: FacilitatorRequest }): Promise<FacilitatedPayment> {
  const { paymentPayload: payload, paymentRequirements: req } = request;
  const hub = NETWORKS[env.NETWORK_MODE];
  if (req.scheme !== "exact") throw new PaymentRejected("unsupported_scheme", `This facilitator settles the exact scheme only, not ${req.scheme}`);
  if (req.network !== hub.caip2) throw new PaymentRejected("network_mismatch", `This ${hub.name} hub settles on ${hub.caip2} only, not ${req.network}`);
  const info = await chainRead("read the token's EIP-712 domain", () => getChainInfo());
  if (!isAddressEqual(req.asset as Address, info.usdc.address)) throw new PaymentRejected("asset_mismatch", `The asset must be USDC at ${getAddress(info.usdc.address)}`);

  const price = BigInt(req.amount);
  if (price <= 0n) throw new PaymentRejected("invalid_amount", "The amount must be more than 0");
  const ceiling = parseUsdc(env.FACILITATOR_MAX_AMOUNT);
  if (price > ceiling) {
    throw new PaymentRejected("amount_above_ceiling", `${formatUsdc(price)} USDC is more than this facilitator settles in one payment (${formatUsdc(ceiling)} USDC)`);
  }

  const payTo = getAddress(req.payTo);
  const toFeeWallet = site.feeWallet !== null && isAddressEqual(payTo, site.feeWallet as Address);
  if (!toFeeWallet && !isAddressEqual(payTo, site.ownerWallet as Address)) {
    throw new PaymentRejected("payto_not_site_wallet", `payTo ${payTo} is neither the owner wallet nor the fee wallet of ${site.domain}`);
  }

  const extra = req.extra as { name?: unknown; version?: unknown; verifyingContract?: unknown };
  const contract = typeof extra.verifyingContract === "string" && /^0x[0-9a-fA-F]{40}$/.test(extra.verifyingContract) ? (extra.verifyingContract as Address) : null;
  const plain = extra.name === info.usdc.name && extra.version === info.usdc.version && (extra.verifyingContract === undefined || (contract && isAddressEqual(contract, info.usdc.address)));
  const gateway =
    extra.name === GATEWAY_BATCHED_DOMAIN.name && extra.version === GATEWAY_BATCHED_DOMAIN.version && contract !== null && isAddressEqual(contract, env.GATEWAY_WALLET_ADDRESS);
  if (!plain && !gateway) {
    throw new PaymentRejected(
      "unsupported_payment_form",
      `extra must name USDC's EIP-712 domain ({ name: "${info.usdc.name}", version: "${info.usdc.version}" }) or the Gateway's ({ name: "GatewayWalletBatched", version: "1", verifyingContract: "${getAddress(env.GATEWAY_WALLET_ADDRESS)}" }); see GET /facilitator/supported`,
    );
  }

  const rawUrl = payload.resource?.url;
  if (!rawUrl) throw new PaymentRejected("resource_missing", "paymentPayload.resource.url must name the page being paid for");
  const url = pageUrl(rawUrl);
  if (!url) throw new PaymentRejected("resource_not_on_site", `paymentPayload.resource.url ${JSON.stringify(rawUrl.slice(0, 200))} is not a URL`);
  if (!/^https?:$/.test(url.protocol) || normalizeDomain(url.hostname) !== site.domain || rawUrl.length > 2000) {
    throw new PaymentRejected("resource_not_on_site", `${url.origin} is not ${site.domain}, the domain this key's site verified`);
  }
  const description = (payload.resource?.description ?? "").slice(0, 500);
  const content = { externalId: url.href, url: url.href, path: url.pathname, title: description || url.pathname, description, price };

  return {
    payload,
    options: [req as PaymentRequirements],
    content,
    key: { network: env.NETWORK_MODE, siteId: site.id, externalId: content.externalId },
    resource: (contentId) => ({
      kind: "content",
      id: contentId,
      url: content.url,
      description: content.title,
      mimeType: payload.resource?.mimeType,
      price,
      payTo,
      recipient: getAddress(site.ownerWallet),
      feeBps: toFeeWallet ? HOSTED_FEE_BPS : 0,
      siteId: site.id,
      contentId,
      ledger: { contentTitle: content.title, contentUrl: content.url, domain: site.domain },
    }),
  };
}
