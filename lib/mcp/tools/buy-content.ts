import { z } from "zod";
import { buyItem } from "@/lib/hub/buy-item";
import { defineTool } from "../define-tool";
import { PaidAnswer } from "../paid-answer";

export const buyContentTool = defineTool({
  name: "buy_content",
  title: "Buy a content item (paid, x402)",
  description:
    "Buys and returns one paid item, following the x402 MCP transport: call it without payment and the result is an error (isError) whose structuredContent is the x402 PaymentRequired (accepts[0] a plain EIP-3009 USDC authorization, accepts[1] Circle Gateway batched); " +
    "sign one option with an x402 client (e.g. @x402/evm's ExactEvmScheme) and call again with the PaymentPayload in params._meta[\"x402/payment\"]. " +
    "The result is the item (a hosted post's decrypted body with its unlockProof, a share's body, or hub content's receipt) and the settlement in result._meta[\"x402/payment-response\"]. " +
    "Name the item by exactly one of: contentId (an explore card's id or externalId, or post:<postId>), url (a hosted post's page, a share URL, or a tracked content URL), share (a share slug). " +
    "The same payment again returns the same purchase without a second charge; a wallet that already owns a post or share is not charged again.",
  input: z.object({
    contentId: z.string().min(1).max(200).optional().describe("An explore card's id (or its externalId); a hosted post also as post:<postId>"),
    url: z.string().min(1).max(2000).optional().describe("A hosted post's page URL (an explore card's url), a share URL (/qs/<slug>) or a tracked content URL"),
    share: z.string().min(1).max(100).optional().describe("A quickshare slug"),
    wallet: z.string().regex(/^0x[0-9a-fA-F]{40}$/).optional().describe("The wallet the purchase is for (a claim only): an invited or whitelisted wallet is quoted its own price"),
  }),
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  run: async (input, ctx) => {
    const { body, settlement } = await buyItem({ input, credentials: ctx.credentials });
    return new PaidAnswer(body, settlement);
  },
});
