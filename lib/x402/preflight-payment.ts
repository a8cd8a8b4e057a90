import "server-only";
import { erc20Abi, getAddress } from "viem";
import type { z } from "zod";
import type { Audience } from "@/lib/access/audience-policy";
import { chainRead } from "@/lib/chain/chain-read";
import { publicClient } from "@/lib/chain/clients";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { formatUsdc, parseUsdc } from "@/lib/money";
import type { preflightBody, preflightResponse } from "@/lib/schemas/x402";
import { lockedGatewayAmount } from "./locked-gateway-amount";
import { readGatewayBalance } from "./read-gateway-balance";
import { resolvePayResource, type ResolvedPayResource } from "./resolve-pay-resource";

type Result = z.infer<typeof preflightResponse>;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Would this payment go through? Read-only and free: resolves price and recipient exactly as
 * /hub/pay does, compares the amount the payer intends to send, and reads the payer's USDC and
 * Gateway balances. `ok: false` names the first problem (invalid_address, recipient_unresolved,
 * price_mismatch, unfunded); when the chain does not answer, `ok: true, proceedAnyway: true`.
 */
export async function preflightPayment(body: z.output<typeof preflightBody>, { audience = "humans" }: { audience?: Audience } = {}): Promise<Result> {
  const hub = NETWORKS[env.NETWORK_MODE];
  const base = { success: true as const, currency: "USDC" as const, network: hub.caip2, tracked: false, hosted: false, recipient: null, payTo: null };
  for (const [field, value] of [["payer", body.payer], ["recipient", body.recipient]] as const) {
    if (value !== undefined && !ADDRESS.test(value)) {
      return { ...base, ok: false, reason: "invalid_address", details: `${field}: ${JSON.stringify(value)} is not a 0x address` };
    }
  }

  let resource: ResolvedPayResource;
  try {
    resource = await resolvePayResource({ contentId: body.contentId, title: body.title, path: body.path, price: body.price, recipient: body.recipient }, { audience });
  } catch (err) {
    if (err instanceof ApiError && err.code === "missing-recipient") return { ...base, ok: false, reason: "recipient_unresolved", details: err.details };
    throw err;
  }
  const resolved = { ...base, tracked: resource.tracked, hosted: resource.hosted, recipient: resource.recipient, payTo: resource.payTo, price: formatUsdc(resource.price) };

  let intended: bigint;
  try {
    intended = parseUsdc(body.amount ?? body.price);
  } catch (err) {
    throw new ApiError("invalid-amount", `${body.amount !== undefined ? "amount" : "price"}: ${(err as Error).message}`);
  }
  if (intended !== resource.price) {
    const details = `The price is ${formatUsdc(resource.price)} USDC, not ${formatUsdc(intended)}; pay exactly the server price`;
    return { ...resolved, ok: false, reason: "price_mismatch", details };
  }
  if (!body.payer) return { ...resolved, ok: true };

  const payer = getAddress(body.payer);
  let wallet: bigint;
  let gateway: bigint;
  try {
    const [held, deposit, locked] = await Promise.all([
      chainRead("read the payer's USDC", () =>
        publicClient().readContract({ address: env.USDC_ADDRESS, abi: erc20Abi, functionName: "balanceOf", args: [payer] }),
      ),
      readGatewayBalance(payer),
      lockedGatewayAmount({ chainId: hub.chainId, payer }),
    ]);
    wallet = held;
    gateway = deposit.spendable > locked ? deposit.spendable - locked : 0n;
  } catch (err) {
    if (err instanceof ApiError && err.code === "chain-unavailable") return { ...resolved, ok: true, proceedAnyway: true, details: err.details };
    throw err;
  }
  const balances = { wallet: formatUsdc(wallet), gateway: formatUsdc(gateway) };
  const rail = body.options?.paymentRail;
  const funded = rail === "transfer" ? wallet >= resource.price : rail === "gateway" ? gateway >= resource.price : wallet >= resource.price || gateway >= resource.price;
  if (!funded) {
    return { ...resolved, ok: false, reason: "unfunded", balances, details: `${payer} cannot cover ${formatUsdc(resource.price)} USDC (wallet ${balances.wallet}, Gateway ${balances.gateway})` };
  }
  return { ...resolved, ok: true, balances };
}
