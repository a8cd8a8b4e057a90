import "server-only";
import type { z } from "zod";
import { accessResource } from "@/lib/access/access-resource";
import type { BlogContext } from "@/lib/blog/blog-context";
import { env } from "@/lib/env";
import type { paidPassResponse } from "@/lib/schemas/passes";
import type { Credentials } from "@/lib/x402/parse-credentials";
import { passAccess } from "./pass-access";

export type PaidPassBody = z.input<typeof paidPassResponse>;

/**
 * /hub/pay (and MCP buy_content) for a blog's pass: the blog's own pass read (lib/access, the pass
 * adapter) with the request's credentials, so the challenge, the extension and the receipt are the
 * blog route's; answers the pass with the receipt's URL. Built field by field, not parsed: the route
 * wrapper checks /hub/pay's answer (outside production) and e2e/api/passes.test.ts MCP's.
 */
export async function payForPass({ blog, credentials, wallet }: { blog: BlogContext; credentials: Credentials; wallet?: string }): Promise<{ body: PaidPassBody; headers: Record<string, string> }> {
  const answer = await accessResource(passAccess(blog, credentials.now), { key: "pass", claim: wallet ?? null, sessionWallet: null, credentials, purpose: "access", now: credentials.now });
  if (answer.kind !== "grant") throw new Error("a pass read never redirects");
  const grant = answer.body;
  const body: PaidPassBody = {
    ok: grant.ok,
    pass: grant.pass,
    blog: grant.blog,
    purchase: grant.purchase,
    access: grant.access,
    unlockProof: grant.unlockProof,
    payment: grant.payment,
    success: true,
    kind: "pass",
    receiptUrl: `${env.HUB_ORIGIN}/hub/receipts/${grant.purchase.paymentId}`,
  };
  return { body, headers: answer.headers };
}
