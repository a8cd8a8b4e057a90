import "server-only";
import type { z } from "zod";
import { audienceOf } from "@/lib/access/audience-of";
import type { payBody } from "@/lib/schemas/x402";
import type { Credentials } from "./parse-credentials";
import { resolvePayResource } from "./resolve-pay-resource";
import { siwxReread } from "./siwx-reread";
import type { PaymentOutcome } from "./types";
import { verifyAndRecordPayment } from "./verify-and-record-payment";

/**
 * POST /hub/pay: prices the content on the server (tracked content wins over the body), then either
 * throws the 402 challenge or verifies and records the payment on either rail. Without payment
 * credentials, a SIGN-IN-WITH-X proof re-reads the wallet's earlier payment for the same content.
 */
export async function payForContent({ body, credentials }: { body: z.output<typeof payBody> & { fromCache?: boolean }; credentials: Credentials }): Promise<PaymentOutcome> {
  const resource = await resolvePayResource(body, { audience: audienceOf({ actor: credentials.actor }) });
  if (credentials.payment.kind === "none" && credentials.siwx) return siwxReread(resource, credentials.siwx);
  return verifyAndRecordPayment({ resource, credentials: credentials.payment, actor: credentials.actor, now: credentials.now, fault: credentials.fault });
}
