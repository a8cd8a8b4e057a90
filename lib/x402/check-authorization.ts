import "server-only";
import type { PaymentRequirements } from "@x402/core/types";
import { getAddress, isAddressEqual, type Address, type Hex, type TypedDataDomain } from "viem";
import type { z } from "zod";
import { GATEWAY_BATCHED_DOMAIN, transferWithAuthorizationTypes } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { publicClient } from "@/lib/chain/clients";
import { networkByChainId, NETWORKS } from "@/lib/chain/networks";
import { secp256k1 } from "@/lib/crypto/secp256k1";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import type { paymentPayloadSchema } from "@/lib/schemas/x402";
import { authorizationDigest } from "./authorization-digest";
import { paymentOptions } from "./build-challenge";
import {
  CLOCK_SKEW_SECONDS,
  GATEWAY_MAX_VALIDITY_SECONDS,
  GATEWAY_MIN_REMAINING_SECONDS,
  PLAIN_MAX_TIMEOUT_SECONDS,
  PLAIN_MIN_REMAINING_SECONDS,
} from "./constants";
import { isGatewayOption } from "./payment-credentials";
import { PaymentRejected } from "./payment-rejected";
import type { PaidResource } from "./types";

export type Authorization = { from: Address; to: Address; value: bigint; validAfter: bigint; validBefore: bigint; nonce: Hex };

export type CheckedAuthorization = {
  rail: "gateway" | "eip3009";
  requirement: PaymentRequirements;
  authorization: Authorization;
  signature: Hex;
};

/**
 * Everything about a Payment-Signature payload that needs no state: it is for this hub's network,
 * `accepted` is exactly one of the options we issue for `resource` (an edited copy is refused), the
 * authorization pays `payTo` exactly the price inside an acceptable time window, and the signature
 * is the payer's over the option's EIP-712 domain (GatewayWalletBatched, or USDC's own).
 * Throws PaymentRejected with a machine-readable reason.
 */
export async function checkAuthorization({
  payload,
  resource,
  options,
  now = Math.floor(Date.now() / 1000),
}: {
  payload: z.infer<typeof paymentPayloadSchema>;
  resource: PaidResource;
  /**
   * The options `accepted` must equal: by default the hub's own challenge for `resource`; the
   * facilitator passes the creator server's requirements once they are known to be one of the hub's forms.
   */
  options?: PaymentRequirements[];
  now?: number;
}): Promise<CheckedAuthorization> {
  const hub = NETWORKS[env.NETWORK_MODE];
  const accepted = payload.accepted;
  if (accepted.network !== hub.caip2) {
    const other = networkByChainId(Number(accepted.network.split(":")[1]));
    const named = other ? `the ${other.name} stack (${other.caip2})` : accepted.network;
    throw new PaymentRejected("network_mismatch", `This ${hub.name} hub accepts payments on ${hub.caip2} only; the payment attests ${named}`);
  }

  const issued = options ?? (await paymentOptions(resource));
  // `accepted` made canonical once, not once per option (about 4 µs each).
  const wanted = canonical(accepted as PaymentRequirements);
  const index = issued.findIndex((option) => canonical(option) === wanted);
  if (index < 0) {
    throw new PaymentRejected(
      "accepted_mismatch",
      "`accepted` is not one of the options this resource's 402 challenge offers (scheme, network, asset, amount, payTo, maxTimeoutSeconds and extra must be copied unchanged)",
    );
  }
  const requirement = issued[index]!;
  const rail = isGatewayOption(requirement) ? "gateway" : "eip3009";

  const raw = payload.payload.authorization;
  const authorization: Authorization = {
    from: getAddress(raw.from),
    to: getAddress(raw.to),
    value: BigInt(raw.value),
    validAfter: BigInt(raw.validAfter),
    validBefore: BigInt(raw.validBefore),
    nonce: raw.nonce.toLowerCase() as Hex,
  };
  if (!isAddressEqual(authorization.to, requirement.payTo as Address)) {
    throw new PaymentRejected("payee_mismatch", `The authorization pays ${authorization.to}, but this resource is paid to ${requirement.payTo}`);
  }
  if (authorization.value !== resource.price) {
    throw new PaymentRejected(
      "amount_mismatch",
      `The authorization is for ${formatUsdc(authorization.value)} USDC (${authorization.value} atomic), the price is exactly ${formatUsdc(resource.price)} USDC (${resource.price} atomic)`,
    );
  }
  checkWindow(authorization, rail, BigInt(now));

  const signature = payload.payload.signature.toLowerCase() as Hex;
  await checkSignature(authorization, signature, await signingDomain(rail, requirement));
  return { rail, requirement, authorization, signature };
}

function checkWindow(a: Authorization, rail: "gateway" | "eip3009", now: bigint) {
  const skew = BigInt(CLOCK_SKEW_SECONDS);
  if (a.validAfter > now) {
    throw new PaymentRejected("not_yet_valid", `The authorization becomes valid only at ${a.validAfter} (now ${now})`);
  }
  const minRemaining = BigInt(rail === "gateway" ? GATEWAY_MIN_REMAINING_SECONDS : PLAIN_MIN_REMAINING_SECONDS);
  if (a.validBefore <= now + minRemaining) {
    throw new PaymentRejected("expired", `The authorization expires at ${a.validBefore} (now ${now}); it must stay valid at least ${minRemaining} s for settlement`);
  }
  const maxWindow = BigInt(rail === "gateway" ? GATEWAY_MAX_VALIDITY_SECONDS : PLAIN_MAX_TIMEOUT_SECONDS) + skew;
  if (a.validBefore > now + maxWindow) {
    throw new PaymentRejected("valid_before_too_far", `validBefore ${a.validBefore} is more than ${maxWindow} s in the future (now ${now})`);
  }
}

async function signingDomain(rail: "gateway" | "eip3009", requirement: PaymentRequirements): Promise<TypedDataDomain> {
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const extra = requirement.extra as { name: string; version: string; verifyingContract: Address };
  if (rail === "gateway") return { ...GATEWAY_BATCHED_DOMAIN, chainId, verifyingContract: getAddress(env.GATEWAY_WALLET_ADDRESS) };
  return { name: extra.name, version: extra.version, chainId, verifyingContract: getAddress(requirement.asset) };
}

/**
 * EOA signatures recover locally (libsecp256k1 when its binding loads); a payer with code (smart
 * wallet) is asked on chain (ERC-1271 / 6492).
 */
async function checkSignature(a: Authorization, signature: Hex, domain: TypedDataDomain) {
  const typed = {
    domain,
    types: transferWithAuthorizationTypes,
    primaryType: "TransferWithAuthorization" as const,
    message: { from: a.from, to: a.to, value: a.value, validAfter: a.validAfter, validBefore: a.validBefore, nonce: a.nonce },
  };
  // The contract's own signature rule (65 bytes, v 27/28, low s): one it would skip at settlement is refused now.
  const recovered = await (await secp256k1()).recover(authorizationDigest(domain, typed.message), signature);
  if (recovered && isAddressEqual(recovered, a.from)) return;
  const code = await chainRead("check the payer's wallet", () => publicClient().getCode({ address: a.from }));
  if (code && code !== "0x") {
    const valid = await chainRead("verify the payer's wallet signature", () => publicClient().verifyTypedData({ ...typed, address: a.from, signature }));
    if (valid) return;
  }
  throw new PaymentRejected(
    "invalid_signature",
    recovered ? `The authorization is signed by ${recovered}, not by its payer ${a.from}` : "The signature is not a valid EIP-712 signature",
  );
}

/** Requirements compared field by field: addresses case-insensitively, keys in any order. */
function canonical(r: PaymentRequirements): string {
  const lower = (v: unknown) => (typeof v === "string" && /^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : v);
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === "object") {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sort(lower(x))]));
    }
    return lower(v);
  };
  return JSON.stringify(sort(r));
}
