import "server-only";
import { walletName } from "@/lib/sites/wallet-names";
import { resolveRecipient } from "./resolve-recipient";
import { tipTerms } from "./tip-terms";

/** GET /hub/resolve — the owner wallet of a URL, what it resolved from, and where a tip to it goes. */
export async function resolveUrl({ url }: { url: string }) {
  const r = await resolveRecipient({ url });
  if (!r.resolved) {
    return {
      success: true as const, url, resolved: false, wallet: null, name: null, source: null, domain: r.domain, siteId: null, contentId: null,
      hosted: false, payTo: null, feeBps: null, next: r.holdable ? ("hold" as const) : ("none" as const), reason: r.reason,
    };
  }
  const terms = tipTerms(r);
  return {
    success: true as const, url, resolved: true, wallet: r.wallet, name: await walletName(r.wallet), source: r.source, domain: r.domain, siteId: r.siteId,
    contentId: r.contentId, hosted: r.hosted, payTo: terms.payTo, feeBps: terms.feeBps, next: "settle" as const,
  };
}
