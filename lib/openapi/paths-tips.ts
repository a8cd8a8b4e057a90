import type { ZodOpenApiPathsObject } from "zod-openapi";
import { errorBodySchema } from "@/lib/http/errors";
import {
  claimBody, claimResponse, heldQuery, heldResponse, holdBody, holdChallengeResponse, holdHeldResponse, refundBody, refundResponse,
  resolveQuery, resolveResponse,
} from "@/lib/schemas/tips";
import { errors, json, jsonBody } from "./helpers";

/** The exact texts, also in the README (section Tips). */
export const REFUND_MESSAGE_DOC = [
  "Refund held tips on Paid Content Hub",
  "Domain: <canonical domain: lowercase host, no scheme, port or leading www.>",
  "Payer: <payer address, EIP-55 checksummed>",
  "Amount: <cap as a USDC decimal without trailing zeros> USDC   (or, without a cap: Amount: all)",
  "Chain: eip155:<chain id of this hub, e.g. 5042002>",
  "Nonce: <8 to 64 characters of A-Z a-z 0-9 _ -, never reused by this payer>",
].join("\n");

export const CLAIM_TOKEN_DOC = [
  "Claim held tips on Paid Content Hub",
  "Domain: <the site's canonical domain>",
  "Site: <siteId>",
  "Pay to: <creatorWallet, EIP-55 checksummed>",
  "Chain: eip155:<chain id of this hub>",
].join("\n");

const pending = json(errorBodySchema, "pending-settlement: gateway-rail holds are still settling into the box; retry shortly");

export const tipsPaths: ZodOpenApiPathsObject = {
  "/hub/resolve": {
    get: {
      tags: ["tips"],
      summary: "Resolve the owner wallet of a URL",
      description:
        "Resolution order: a quickshare link on this hub (/qs/<slug>) resolves to the share's owner; otherwise the page's content record wins when it names a recipientWallet; otherwise the verified (and not removed) site of the URL's domain resolves to its owner wallet. `source` says which. Unresolved URLs answer 200 with resolved false and next \"hold\".",
      requestParams: { query: resolveQuery },
      responses: { "200": json(resolveResponse, "The resolution"), ...errors(400) },
    },
  },
  "/hub/tips/hold": {
    post: {
      tags: ["tips"],
      summary: "Hold a tip for an unresolved creator in the domain's holding box",
      description:
        "Without txHash: 200 {holdStatus: \"challenge\", box} with the domain's holding box, a CREATE2 address predicted off chain (it may have no code yet). Send USDC there, then repeat with txHash: the hub requires a successful transaction with USDC Transfer logs (of the USDC contract) from the payer into the box for at least `amount`, records the amount actually transferred as a held tip and writes a ledger tip row (subkind held). A tx hash counts once: a retry answers with the same tip; a hash recorded for another box answers 409 txhash-claimed-elsewhere. The hold route never resolves a creator; quickshare links and this hub's own pages are never held (400 not-holdable).",
      requestBody: jsonBody(holdBody),
      responses: {
        "200": {
          description: "holdStatus challenge (no txHash) or held (transfer verified)",
          content: { "application/json": { schema: holdChallengeResponse.or(holdHeldResponse) } },
        },
        ...errors(400, 402, 409, 503),
      },
    },
  },
  "/hub/tips/held": {
    get: {
      tags: ["tips"],
      summary: "Tips still held for a domain",
      description: "Public, no site verification. Newest first; `total` counts every held tip of the domain.",
      requestParams: { query: heldQuery },
      responses: { "200": json(heldResponse, "Held tips"), ...errors(400) },
    },
  },
  "/hub/tips/claim": {
    post: {
      tags: ["tips"],
      summary: "Release a domain's held tips to its verified owner",
      description: `The site's verifyToken proves ownership; the site must be verified. The first claim binds the domain to the receiving wallet; a claim to any other wallet later answers 409 domain-claimed-by-other-wallet (manual review). Claiming to a wallet other than the site's owner wallet needs \`claimToken\`: the owner's EIP-191 personal_sign over exactly this text (lines joined by \\n, no trailing newline):\n\n\`\`\`\n${CLAIM_TOKEN_DOC}\n\`\`\`\n\nEvery held tip of the domain is swept in ONE HoldingBoxFactory.release transaction (the box is deployed on first use): floor(balance × 500 / 10000) to the treasury, the rest to the creator. Tips are marked released, each stamped with its share of the fee, only after that transaction succeeded; a revert leaves every tip held and answers 502. A claim with nothing held answers {released: [], pending: 0}. Claims and refunds of one domain run one at a time.`,
      requestBody: jsonBody(claimBody),
      responses: { "200": json(claimResponse, "Released (or nothing to release)"), "202": pending, ...errors(400, 403, 409, 502, 503) },
    },
  },
  "/hub/tips/refund": {
    post: {
      tags: ["tips"],
      summary: "Refund a payer's held tips for a domain (no fee)",
      description: `\`message\` is the refund control message, exactly (lines joined by \\n, no trailing newline):\n\n\`\`\`\n${REFUND_MESSAGE_DOC}\n\`\`\`\n\nand \`signature\` is the payer's EIP-191 personal_sign of it (403 when the signer is not \`payer\`, or the message names another domain, payer, chain or amount). The Amount line must match the request's \`amount\` (absent: \"all\"). Each nonce works once (409 refund-nonce-used); a refund that fails on chain gives the nonce back. The refund is min(amount, held total), newest tips first; a tip covered in part stays held with the rest. One HoldingBoxFactory.refund pays the payer; a negative ledger tip row (subkind refund) is written. 404 when nothing is held for that payer and domain (settled and released tips cannot be refunded).`,
      requestBody: jsonBody(refundBody),
      responses: { "200": json(refundResponse, "Refunded"), "202": pending, ...errors(400, 403, 404, 409, 502, 503) },
    },
  },
};
