import "server-only";
import { db } from "@/lib/db";
import { toReceipt } from "./to-receipt";
import type { PaymentReceipt } from "./types";

/** The interface's receipt of a recorded payment (its stored receipt row), or null while it has none. */
export async function storedReceipt(paymentId: string): Promise<PaymentReceipt | null> {
  const payment = await db.payment.findUnique({ where: { id: paymentId }, include: { receipt: true } });
  return payment?.receipt ? toReceipt(payment, payment.receipt) : null;
}
