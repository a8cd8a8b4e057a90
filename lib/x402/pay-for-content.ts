import "server-only";
import type { z } from "zod";
import type { KeptRows } from "@/lib/content/kept-sale-rows";
import { audienceOf } from "@/lib/access/audience-of";
import type { payBody } from "@/lib/schemas/x402";
import type { Credentials } from "./parse-credentials";
import { ReadAgain } from "./read-again";
import { resolvePayResource } from "./resolve-pay-resource";
import { siwxReread } from "./siwx-reread";
import type { PaymentOutcome } from "./types";
import { verifyAndRecordPayment } from "./verify-and-record-payment";

/**
 * POST /hub/pay: prices the content on the server (tracked content wins over the body), then either
 * throws the 402 challenge or verifies and records the payment on either rail. Without payment
 * credentials, a SIGN-IN-WITH-X proof re-reads the wallet's earlier payment for the same content.
 *
 * `kept` (a Gateway payment): the content row may be a kept copy, which the sale checks in its own block
 * (lib/content/kept-sale-rows.ts). A kept copy decides no refusal: when its sale's check finds the row
 * changed, or the copy refuses the content or the payment (`ReadAgain`), nothing was written, and the
 * request is decided again from a fresh read, which is kept in place of that copy. Other failures (the
 * chain not answering, say) are the request's, whatever the row, and are not tried twice.
 */
export async function payForContent({ body, credentials }: { body: z.output<typeof payBody> & { fromCache?: boolean; kept?: KeptRows }; credentials: Credentials }): Promise<PaymentOutcome> {
  try {
    const resource = await resolvePayResource(body, { audience: audienceOf({ actor: credentials.actor }) });
    if (credentials.payment.kind === "none" && credentials.siwx) return await siwxReread(resource, credentials.siwx);
    return await verifyAndRecordPayment({ resource, credentials: credentials.payment, actor: credentials.actor, now: credentials.now, fault: credentials.fault });
  } catch (err) {
    if (!(err instanceof ReadAgain) || body.kept !== "use") throw err;
    // A new body object, so contentById's per-request memo (lib/content/content-by-id.ts) reads the row afresh, and keeps that.
    return await payForContent({ body: { ...body, kept: "renew" }, credentials });
  }
}
