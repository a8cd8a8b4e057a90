import "server-only";
import type { z } from "zod";
import { accessResource } from "@/lib/access/access-resource";
import { env } from "@/lib/env";
import type { paidPostResponseSchema } from "@/lib/schemas/x402";
import type { Credentials } from "@/lib/x402/parse-credentials";
import { storedReceipt } from "@/lib/x402/stored-receipt";
import type { SoldPost } from "./find-sold-post";
import { postAccess } from "./post-access";
import { postUrls } from "./post-urls";

export type PaidPostBody = z.input<typeof paidPostResponseSchema>;

/**
 * /hub/pay for a hosted blog post: the blog's own access read (lib/access, the post adapter) with the
 * request's credentials, so price, tiers, invitations, entitlement, replays and receipts are the
 * blog's — the 402 challenge is the post's, the entitlement is recorded for the payer, and the blog's
 * page and access route grant it afterwards. Answers the access grant with the full receipt and the
 * URLs to re-read at; a wallet that already owns the post is granted without a charge. Built field by
 * field, not parsed: the route wrapper checks /hub/pay's answer (outside production) and
 * e2e/api/mcp-paid.test.ts MCP's.
 */
export async function payForPost({ sold, credentials, wallet }: { sold: SoldPost; credentials: Credentials; wallet?: string }): Promise<{ body: PaidPostBody; headers: Record<string, string> }> {
  const { blog, post } = sold;
  const answer = await accessResource(postAccess(blog), { key: post.id, claim: wallet ?? null, sessionWallet: null, credentials, purpose: "access", now: credentials.now });
  if (answer.kind !== "grant") throw new Error("a post read never redirects");
  const paymentId = answer.body.payment?.paymentId ?? null;
  const payment = paymentId ? await storedReceipt(paymentId) : null;
  const urls = postUrls(blog.origin, post);
  const body: PaidPostBody = {
    success: true,
    kind: "post",
    payment,
    receiptUrl: payment && paymentId ? `${env.HUB_ORIGIN}/hub/receipts/${paymentId}` : null,
    unlockProof: answer.body.unlockProof,
    accessUrl: urls.access,
    pageUrl: urls.page,
    post: answer.body,
  };
  return { body, headers: answer.headers };
}
