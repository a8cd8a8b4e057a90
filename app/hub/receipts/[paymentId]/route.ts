import { route } from "@/lib/http/route";
import { receiptOp } from "@/lib/openapi/paths-x402";
import { receiptForPayment } from "@/lib/x402/receipt-for-payment";

// GET /hub/receipts/<paymentId> — the payment's signed x402 receipt (offer-receipt, EIP-712) and the key that signed it
export const GET = route(receiptOp, ({ params }) => receiptForPayment(params.paymentId));
