import "server-only";
import { isAddressEqual } from "viem";
import { ApiError } from "@/lib/http/errors";
import { SiwxRejected, verifySiwx } from "@/lib/x402/extensions/siwx";
import { paymentRequired } from "@/lib/x402/payment-required";
import { decideFor } from "./decide-for";
import type { AccessAdapter, AccessContext } from "./types";

/**
 * A SIGN-IN-WITH-X proof (x402 v2) makes its wallet the request's proven viewer, as a session of
 * that wallet would: the one access decision then grants what the wallet holds (an active
 * entitlement, a whitelist grant), charges its own tier's price (402 as before) or refuses it
 * (banned, revoked, not invited) exactly as for any other proven wallet. Only a request the
 * decision would charge or turn away for want of a wallet is re-decided; a proof that does not
 * verify gets the 402 with the package's reason. A wallet already named by the request (claim,
 * proof, session) must be the signer (403 payer-mismatch).
 */
export async function siwxViewer<R extends { id: string }>(adapter: AccessAdapter<R, unknown>, ctx: AccessContext<R>, header: string): Promise<AccessContext<R>> {
  const { resource, decision } = ctx;
  const undecided = decision.outcome === "charge" || (decision.outcome === "deny" && !ctx.viewer.wallet);
  if (!resource || !undecided) return ctx;
  const priced = adapter.paidResource(resource, decision.outcome === "charge" ? decision.amountAtomic : 0n);
  let wallet;
  try {
    wallet = await verifySiwx(header, priced);
  } catch (err) {
    if (err instanceof SiwxRejected && decision.outcome === "charge") {
      throw await paymentRequired({ resource: priced, reason: err.reason, details: `${err.details}. Sign the sign-in-with-x challenge of this 402 again, or pay one of the accepts options` });
    }
    if (err instanceof SiwxRejected) return ctx;
    throw err;
  }
  if (ctx.viewer.wallet && !isAddressEqual(ctx.viewer.wallet, wallet)) {
    throw new ApiError("payer-mismatch", `The sign-in-with-x proof is signed by ${wallet}, but this request is for ${ctx.viewer.wallet}; sign in as that wallet or drop the wallet, proof or session`);
  }
  return decideFor(adapter, { resource, viewer: { wallet, possessed: true, proof: "none", liveProof: null }, purpose: ctx.purpose, now: ctx.now, audience: ctx.audience });
}
