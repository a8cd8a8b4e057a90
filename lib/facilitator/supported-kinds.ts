import "server-only";
import type { z } from "zod";
import { GATEWAY_BATCHED_DOMAIN } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { getChainInfo } from "@/lib/chain/chain-info";
import { NETWORKS } from "@/lib/chain/networks";
import { relayerClient } from "@/lib/chain/clients";
import { env } from "@/lib/env";
import type { supportedResponseSchema } from "@/lib/schemas/facilitator";
import { PAYMENT_IDENTIFIER } from "@x402/extensions/payment-identifier";
import { getAddress } from "viem";

/**
 * x402 GET /supported: the exact scheme on this hub's network in both forms the hub settles — the
 * plain EIP-3009 authorization over USDC's own domain (relayed at once), then Circle's
 * GatewayWalletBatched (locked against the deposit, settled in batches) — each kind's `extra` the
 * EIP-712 domain a middleware puts into its requirements; the extensions the facilitator honours; the
 * relayer that submits plain authorizations.
 */
export async function supportedKinds(): Promise<z.input<typeof supportedResponseSchema>> {
  const hub = NETWORKS[env.NETWORK_MODE];
  const info = await chainRead("read the token's EIP-712 domain", () => getChainInfo());
  const asset = getAddress(info.usdc.address);
  const signer = relayerClient().account.address;
  return {
    kinds: [
      { x402Version: 2, scheme: "exact", network: hub.caip2, extra: { asset, name: info.usdc.name, version: info.usdc.version, verifyingContract: asset } },
      { x402Version: 2, scheme: "exact", network: hub.caip2, extra: { asset, ...GATEWAY_BATCHED_DOMAIN, verifyingContract: getAddress(env.GATEWAY_WALLET_ADDRESS) } },
    ],
    extensions: [PAYMENT_IDENTIFIER],
    signers: { [hub.caip2]: [signer] },
  };
}
