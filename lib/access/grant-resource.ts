import "server-only";
import { grantTerms, type PaidGrant } from "./grant-terms";
import type { AccessAdapter, AccessAnswer, AccessContext } from "./types";

/** Decrypted bodies are never cached by anyone (rule 9). */
export const NO_STORE = "private, no-store";

/**
 * Acts on a grant decision (or a just-settled payment, `paid`): records the free or whitelist
 * entitlement it calls for, and answers 200 with the adapter's body and the unlock proof.
 */
export async function grantResource<R extends { id: string }, B>(adapter: AccessAdapter<R, B>, ctx: AccessContext<R>, paid?: PaidGrant): Promise<AccessAnswer<B>> {
  if (!ctx.resource) throw new Error("a grant without a resource");
  const body = await adapter.grantBody(ctx.resource, await grantTerms(adapter, ctx, paid));
  return { kind: "grant", body, headers: { "cache-control": NO_STORE, ...paid?.headers } };
}
