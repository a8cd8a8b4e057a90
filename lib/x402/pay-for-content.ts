import "server-only";
import type { z } from "zod";
import type { payBody } from "@/lib/schemas/x402";
import { resolvePayResource } from "./resolve-pay-resource";
import type { PaymentOutcome } from "./types";
import { verifyAndRecordPayment } from "./verify-and-record-payment";

/**
 * POST /hub/pay: prices the content on the server (tracked content wins over the body), then either
 * throws the 402 challenge or verifies and records the payment on either rail.
 */
export async function payForContent({ body, headers }: { body: z.output<typeof payBody>; headers: Headers }): Promise<PaymentOutcome> {
  const resource = await resolvePayResource(body);
  const declared = headers.get("x-svc-actor");
  const actor = declared === "agent" || declared === "human" ? declared : null;
  return verifyAndRecordPayment({ resource, headers, actor });
}
