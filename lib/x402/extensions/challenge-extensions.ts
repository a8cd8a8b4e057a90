import "server-only";
import { bazaarExtension } from "./bazaar";
import { offerExtension } from "./offer-receipt";
import { paymentIdentifierExtension } from "./payment-identifier";
import { siwxExtension } from "./siwx";
import type { ChallengeContext, ChallengeExtension } from "./challenge-extension";

/**
 * The extensions every 402 challenge declares (x402 v2 `extensions`), one entry per extension
 * module in this folder. buildChallenge merges them into the PaymentRequired it answers.
 */
const EXTENSIONS: ChallengeExtension[] = [
  // one line per extension, e.g. bazaarExtension, siwxExtension, offerExtension
  bazaarExtension,
  siwxExtension,
  paymentIdentifierExtension,
  offerExtension,
];

export async function challengeExtensions(ctx: ChallengeContext): Promise<Record<string, unknown> | undefined> {
  const parts = await Promise.all(EXTENSIONS.map((extension) => extension(ctx)));
  const merged = Object.assign({}, ...parts.filter(Boolean)) as Record<string, unknown>;
  return Object.keys(merged).length > 0 ? merged : undefined;
}
