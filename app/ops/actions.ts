"use server";
import { revalidatePath } from "next/cache";
import { readPageSession } from "@/lib/auth/read-page-session";
import { ApiError } from "@/lib/http/errors";
import { isOperator } from "@/lib/ops/is-operator";
import { retryPayment } from "@/lib/ops/retry-payment";

/** The page's retry button: an operator's session only; the outcome is shown on the page. */
export async function retryPaymentAction(form: FormData): Promise<void> {
  const session = await readPageSession();
  if (!isOperator(session?.wallet)) throw new ApiError("forbidden", "Operator wallets only (OPERATOR_WALLETS)");
  const paymentId = String(form.get("paymentId") ?? "");
  await retryPayment({ paymentId }).catch((err) => {
    if (!(err instanceof ApiError)) throw err; // an expired authorization or an unknown id: the row stays as it is
  });
  revalidatePath("/ops");
}
