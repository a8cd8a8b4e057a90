import { route } from "@/lib/http/route";
import { tipRefundOp } from "@/lib/openapi/paths-tips";
import { refundHeld } from "@/lib/tips/refund-held";

// POST /hub/tips/refund — pay a payer's held tips for a domain back (signed control message, no fee)
export const POST = route(tipRefundOp, ({ body }) =>
  refundHeld({ ...body, payer: body.payer, signature: body.signature }),
);
