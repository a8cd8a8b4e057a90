import { z } from "zod";
import { route } from "@/lib/http/route";
import { receiptForPayment } from "@/lib/x402/receipt-for-payment";

const params = z.object({ paymentId: z.string().min(1).max(100) });

// GET /hub/receipts/<paymentId> — the payment's signed x402 receipt (offer-receipt, EIP-712) and the key that signed it
export const GET = route({ params }, ({ params }) => receiptForPayment(params.paymentId));
