import { z } from "zod";

/**
 * The query of the hub's checkout page (/checkout?pr=…): `pr` is the PAYMENT-REQUIRED header a
 * creator's server answered, exactly as it came (base64 of the x402 v2 PaymentRequired JSON).
 */
export const checkoutQuery = z.object({
  pr: z
    .string()
    .min(1, "is required")
    .max(16_000, "is too long for a payment challenge")
    .regex(/^[A-Za-z0-9+/_-]+={0,2}$/, "must be the base64 PAYMENT-REQUIRED header"),
});

export type CheckoutQuery = z.infer<typeof checkoutQuery>;
