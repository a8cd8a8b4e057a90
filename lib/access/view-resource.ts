import "server-only";
import type { DenyCode } from "./decide-access";
import { grantTerms } from "./grant-terms";
import { loadAccess } from "./load-access";
import type { Viewer } from "./resolve-viewer";
import type { AccessAdapter, Via, ViewerInput } from "./types";

/** What a page shows one viewer of a gated resource, with the HTTP status the page answers with. */
export type ResourceView<R, B> =
  | { state: "not-found"; status: 404 }
  | { state: "redirect"; status: 302; url: string }
  | { state: "gone"; status: 410; resource: R; viewer: Viewer }
  | { state: "expired"; status: 419; resource: R; viewer: Viewer }
  | { state: "granted"; status: 200; resource: R; viewer: Viewer; via: Via; body: B }
  | {
      state: "paywall";
      status: 200;
      resource: R;
      viewer: Viewer;
      /** What this viewer would pay, at its tier. */
      amountAtomic: bigint;
      tier: "public" | "whitelist";
      /** The viewer's unlock proof has run out: signing in re-issues one without paying. */
      proofExpired: boolean;
    }
  | {
      state: "denied";
      /** 200 for an anonymous visit to an invite-only resource (a prompt to sign in), else 403. */
      status: 200 | 403;
      resource: R;
      viewer: Viewer;
      code: DenyCode;
      details: string;
    };

/**
 * The engine entry for pages (server components): what this viewer sees of the resource behind
 * `key` — granted with the adapter's body (free or whitelist grants recorded exactly as the API
 * records them, with an unlock proof for an entitled wallet), the paywall with this viewer's price
 * and tier, denied (403, or a 200 prompt for an anonymous invite-only visit), 404, 410, 419, or a
 * legacy redirect. `resource` is the row when the caller already read it (skips the lookup). It never charges; paying is the access route's (lib/access/access-resource.ts).
 */
export async function viewResource<R extends { id: string }, B>(
  adapter: AccessAdapter<R, B>,
  { key, resource: held, now = new Date(), ...input }: ViewerInput & { key: string; resource?: R | null; now?: Date },
): Promise<ResourceView<R, B>> {
  const ctx = await loadAccess(adapter, { key, resource: held, ...input, purpose: "access", now });
  const { resource, decision, viewer } = ctx;
  if (decision.outcome === "redirect") return { state: "redirect", status: 302, url: decision.url };
  if (!resource || decision.outcome === "not-found") return { state: "not-found", status: 404 };
  switch (decision.outcome) {
    case "gone":
      return { state: "gone", status: 410, resource, viewer };
    case "expired":
      return { state: "expired", status: 419, resource, viewer };
    case "charge":
      return { state: "paywall", status: 200, resource, viewer, amountAtomic: decision.amountAtomic, tier: decision.tier, proofExpired: viewer.proof === "expired" };
    case "deny":
      return { state: "denied", status: decision.code === "not-invited" && !viewer.wallet ? 200 : 403, resource, viewer, code: decision.code, details: decision.details };
    case "grant": {
      const terms = await grantTerms(adapter, ctx);
      return { state: "granted", status: 200, resource, viewer, via: terms.via, body: await adapter.grantBody(resource, terms) };
    }
  }
}
