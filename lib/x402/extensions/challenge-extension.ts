import type { PaymentRequirements } from "@x402/core/types";
import type { PaidResource } from "../types";

/** What every x402 v2 extension declared in a 402 may look at. */
export type ChallengeContext = { resource: PaidResource; accepts: PaymentRequirements[] };

/**
 * One extension of a 402 challenge. `declare` answers its contribution, `{ [extensionKey]: declaration }`,
 * or nothing: determined by the resource, its terms and the offer window, it is kept with the challenge
 * and shared by every 402 in that window (lib/x402/build-challenge.ts). A field that must differ on
 * every challenge (a sign-in nonce and its times: the package's `dynamicInfoFields`) is a `jsonHole`
 * in the declaration, and `fresh` answers its value for each challenge, by hole name.
 */
export type ChallengeExtension = {
  declare: (ctx: ChallengeContext) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined;
  fresh?: () => Record<string, string>;
};
