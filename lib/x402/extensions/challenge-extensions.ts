import "server-only";
import type { PaymentRequirements } from "@x402/core/types";
import type { PaidResource } from "../types";
import { bazaarExtension } from "./bazaar";
import { offerExtension } from "./offer-receipt";
import { paymentIdentifierExtension } from "./payment-identifier";
import { siwxExtension } from "./siwx";

/** What every x402 v2 extension declared in a 402 may look at. */
export type ChallengeContext = { resource: PaidResource; accepts: PaymentRequirements[] };

/** One extension's contribution to a challenge: `{ [extensionKey]: declaration }`, or nothing. */
export type ChallengeExtension = (ctx: ChallengeContext) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined;

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
