import "server-only";
import { bazaarExtension } from "./bazaar";
import { offerExtension } from "./offer-receipt";
import { paymentIdentifierExtension } from "./payment-identifier";
import { siwxExtension } from "./siwx";
import type { ChallengeContext, ChallengeExtension } from "./challenge-extension";

/**
 * The extensions every 402 challenge declares (x402 v2 `extensions`), one entry per extension
 * module in this folder. renderChallenge (../build-challenge.ts) merges them into the challenge it keeps.
 */
const EXTENSIONS: ChallengeExtension[] = [
  // one line per extension, e.g. bazaarExtension, siwxExtension, offerExtension
  bazaarExtension,
  siwxExtension,
  paymentIdentifierExtension,
  offerExtension,
];

/** The declarations for `ctx`, merged, and the `fresh` of each extension that declared one (its holes' values per challenge). */
export async function challengeExtensions(ctx: ChallengeContext): Promise<{ extensions?: Record<string, unknown>; fresh: Array<() => Record<string, string>> }> {
  const parts = await Promise.all(EXTENSIONS.map(async (extension) => ({ extension, declared: await extension.declare(ctx) })));
  const declared = parts.filter((p) => p.declared);
  const merged = Object.assign({}, ...declared.map((p) => p.declared)) as Record<string, unknown>;
  return {
    ...(Object.keys(merged).length > 0 ? { extensions: merged } : {}),
    fresh: declared.flatMap(({ extension }) => (extension.fresh ? [extension.fresh] : [])),
  };
}
