import "server-only";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { getAddress } from "viem";
import { GATEWAY_BATCHED_DOMAIN } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { getChainInfo } from "@/lib/chain/chain-info";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { GATEWAY_MAX_TIMEOUT_SECONDS, PLAIN_MAX_TIMEOUT_SECONDS, X402_VERSION } from "./constants";
import { challengeExtensions } from "./extensions/challenge-extensions";
import type { PaidResource } from "./types";

/**
 * The x402 v2 challenge for `resource`, bound to its server-side price and payee: its payment
 * options (paymentOptions) and the extensions every 402 declares (offers signed by the receipt key,
 * bazaar, siwx, payment-identifier).
 */
export async function buildChallenge({ resource, error }: { resource: PaidResource; error?: string }): Promise<PaymentRequired> {
  const accepts = await paymentOptions(resource);
  const extensions = await challengeExtensions({ resource, accepts });
  return {
    x402Version: X402_VERSION,
    ...(error ? { error } : {}),
    resource: { url: resource.url, description: resource.description ?? "", mimeType: resource.mimeType ?? "application/json" },
    accepts,
    ...(extensions ? { extensions } : {}),
  };
}

/**
 * The challenge's `accepts`, without the extensions (what a payment's `accepted` is checked against,
 * with no offer to sign). `accepts[0]` is the plain EIP-3009 option (USDC's own EIP-712 domain, read
 * on chain; stock clients take the first item and the hub's relayer settles it at once); `accepts[1]`
 * is the Gateway option (GatewayWalletBatched domain; Circle's clients pick it themselves; settled in
 * batches).
 */
export async function paymentOptions(resource: PaidResource): Promise<PaymentRequirements[]> {
  const info = await chainRead("read the token's EIP-712 domain", () => getChainInfo());
  const network = NETWORKS[env.NETWORK_MODE].caip2;
  const asset = getAddress(info.usdc.address);
  const common = { scheme: "exact", network, asset, amount: resource.price.toString(), payTo: getAddress(resource.payTo) };
  return [
    { ...common, maxTimeoutSeconds: PLAIN_MAX_TIMEOUT_SECONDS, extra: { name: info.usdc.name, version: info.usdc.version, verifyingContract: asset } },
    {
      ...common,
      maxTimeoutSeconds: GATEWAY_MAX_TIMEOUT_SECONDS,
      extra: { ...GATEWAY_BATCHED_DOMAIN, verifyingContract: getAddress(env.GATEWAY_WALLET_ADDRESS) },
    },
  ];
}
