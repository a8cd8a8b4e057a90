import "server-only";
import { usdcAbi } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { publicClient } from "@/lib/chain/clients";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import type { CheckedAuthorization } from "./check-authorization";
import { depositIndexOn, gatewayPayerState, type GatewayPayerState, indexedStateAndPayment } from "./gateway-index/gateway-payer-state";
import { lockedGatewayAmount } from "./locked-gateway-amount";
import { paymentByNonce } from "./payment-by-nonce";
import { PaymentRejected } from "./payment-rejected";
import type { StoredPayment } from "./replay-payment";
import type { PaidResource } from "./types";

/**
 * The state checks a payment's rail makes before it records anything, read-only (the x402
 * facilitator's verify): the nonce is unused (in the hub and on chain) and the payer can cover the
 * price — USDC held for a plain authorization, the Gateway deposit minus what is already locked for a
 * Gateway one. The same authorization already recorded for the same resource passes (settling it
 * again replays the first answer). Throws PaymentRejected (nonce_used, insufficient_funds); the chain
 * not answering is ApiError chain-unavailable. Settlement checks again under its locks.
 * Returns the Gateway payer state it read when no payment with this authorization's nonce exists yet
 * (acceptPaymentPayload's `payerState`: settling then reads it only once), else undefined.
 *
 * `depositCheckedBySale` (the facilitator's settle): the Gateway sale that follows checks the deposit
 * itself, in its own batch under the payer's lock, and refuses a shortfall the same way (on chain
 * before refusing, acceptGatewayPayment), so the locked amounts are not summed here first. With the
 * deposit index on, nothing of a Gateway payer is read here at all: the sale asks the index for the nonce
 * and the deposit in its own batch (indexedSaleCheck), and a payment already held for the nonce fails its
 * insert and is judged by `existingPaymentRule` there, as here. Otherwise a Gateway payment's first read
 * is the deposit index's, which also says whether the hub holds a payment for the nonce: a new
 * authorization costs one statement, not two.
 */
export async function checkPaymentState({
  checked,
  resource,
  depositCheckedBySale = false,
}: {
  checked: CheckedAuthorization;
  resource: PaidResource;
  depositCheckedBySale?: boolean;
}): Promise<GatewayPayerState | undefined> {
  if (depositCheckedBySale && checked.rail === "gateway" && depositIndexOn()) return undefined;
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const auth = checked.authorization;
  const { indexed, existing } =
    checked.rail === "gateway" ? await indexedStateAndPayment(auth) : { indexed: null, existing: await paymentByNonce({ chainId, payer: auth.from, nonce: auth.nonce }) };
  if (existing) {
    existingPaymentRule(checked)(existing, resource);
    return undefined;
  }
  if (checked.rail === "eip3009") {
    const usdc = { address: env.USDC_ADDRESS, abi: usdcAbi } as const;
    const client = publicClient();
    const [used, balance] = await chainRead("check the payer's USDC", () =>
      Promise.all([
        client.readContract({ ...usdc, functionName: "authorizationState", args: [auth.from, auth.nonce] }),
        client.readContract({ ...usdc, functionName: "balanceOf", args: [auth.from] }),
      ]),
    );
    if (used) throw new PaymentRejected("nonce_used", "USDC has already used (or the payer canceled) an authorization with this nonce");
    if (balance < auth.value) throw new PaymentRejected("insufficient_funds", `${auth.from} holds ${formatUsdc(balance)} USDC; ${formatUsdc(auth.value)} USDC needed`);
    return undefined;
  }
  // The index may not have seen a deposit made a moment ago: a shortfall is decided on chain.
  for (const chain of [false, true]) {
    const state = (!chain && indexed) || (await gatewayPayerState(auth, { chain: true }));
    if (state.used) throw new PaymentRejected("nonce_used", "The Gateway Wallet has already settled an authorization with this nonce");
    if (depositCheckedBySale) return state;
    const locked = await lockedGatewayAmount({ chainId, payer: auth.from, balanceReadAt: state.readAt });
    if (locked + auth.value <= state.balance.spendable) return state;
    if (state.source === "chain" || chain) {
      throw new PaymentRejected(
        "insufficient_funds",
        `The Gateway deposit of ${auth.from} covers ${formatUsdc(state.balance.spendable)} USDC, ${formatUsdc(locked)} of it already locked by earlier payments; ${formatUsdc(auth.value)} USDC needed`,
      );
    }
  }
  return undefined;
}

/**
 * The facilitator's rule for a payment the hub already holds for this authorization's nonce: the same
 * authorization for the same resource, not refused at settlement, passes (settling it again replays the
 * first answer); anything else is nonce_used. Throws, or returns for a payment that passes. `resource`
 * is the one the sale records (a new page's row may have been made by a concurrent first sale).
 */
export function existingPaymentRule(checked: CheckedAuthorization) {
  return (existing: Pick<StoredPayment, "signature" | "resourceType" | "resourceId" | "status">, resource: PaidResource): void => {
    const same = existing.signature?.toLowerCase() === checked.signature.toLowerCase() && existing.resourceType === resource.kind && existing.resourceId === resource.id;
    if (same && existing.status !== "failed") return;
    throw new PaymentRejected("nonce_used", "This authorization nonce was already used for another payment");
  };
}
