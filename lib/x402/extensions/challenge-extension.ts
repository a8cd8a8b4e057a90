import type { PaymentRequirements } from "@x402/core/types";
import type { PaidResource } from "../types";

/** What every x402 v2 extension declared in a 402 may look at. */
export type ChallengeContext = { resource: PaidResource; accepts: PaymentRequirements[] };

/** One extension's contribution to a challenge: `{ [extensionKey]: declaration }`, or nothing. */
export type ChallengeExtension = (ctx: ChallengeContext) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined;
