import "server-only";
import type { Credentials } from "@/lib/x402/parse-credentials";
import { audienceOf } from "./audience-of";
import { claimedPayer } from "./claimed-payer";
import type { AccessPurpose } from "./decide-access";
import { decideFor } from "./decide-for";
import { decisionError } from "./decision-error";
import { grantResource } from "./grant-resource";
import { loadAccess } from "./load-access";
import { payForResource } from "./pay-for-resource";
import { siwxViewer } from "./siwx-viewer";
import type { AccessAdapter, AccessAnswer } from "./types";

/**
 * The single read of any gated resource (a share's access, /qs and unlock routes; a post's access
 * routes): 200 with the adapter's body, a redirect for a legacy share, or a thrown 402 challenge,
 * 403, 404, 410 or 419 — all from the one access decision. `credentials` are the request's, parsed
 * once at the edge (lib/x402/parse-credentials.ts); their proof is the viewer's unlock proof.
 */
export async function accessResource<R extends { id: string }, B>(
  adapter: AccessAdapter<R, B>,
  { key, claim, sessionWallet, credentials, purpose, now = new Date() }: {
    key: string;
    claim: string | null;
    sessionWallet: string | null;
    credentials: Credentials;
    purpose: AccessPurpose;
    now?: Date;
  },
): Promise<AccessAnswer<B>> {
  const anonymous = !claim && !sessionWallet && !credentials.proof && !credentials.siwx && credentials.payment.kind === "none";
  let ctx = await loadAccess(adapter, { key, claim, proof: credentials.proof, sessionWallet, purpose, now, anonymous, audience: audienceOf({ actor: credentials.actor }) });
  // A SIGN-IN-WITH-X proof (without payment credentials) proves its wallet, as a session would.
  if (credentials.siwx && credentials.payment.kind === "none") ctx = await siwxViewer(adapter, ctx, credentials.siwx);
  // Payment credentials from an otherwise anonymous request name their payer: decide for it (its tier,
  // its invitation), so an invited payer need not also pass ?wallet=.
  if (!ctx.viewer.wallet && ctx.resource && credentials.payment.kind !== "none") {
    const payer = await claimedPayer({ credentials: credentials.payment, resourceUrl: adapter.paidResource(ctx.resource, 0n).url });
    if (payer) ctx = await decideFor(adapter, { resource: ctx.resource, viewer: { ...ctx.viewer, wallet: payer.wallet, possessed: false }, purpose, now, audience: ctx.audience });
  }
  const { decision } = ctx;
  if (decision.outcome === "redirect") return { kind: "redirect", url: decision.url };
  const notFound = adapter.notFound(key);
  const err = decisionError(decision, { noun: adapter.noun, notFound });
  if (err) throw err;
  if (decision.outcome === "charge") return payForResource(adapter, { ctx, credentials, notFound });
  return grantResource(adapter, ctx);
}
