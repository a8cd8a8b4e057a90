import { z } from "zod";
import { zHex } from "./hex";
import { walletAddress } from "./auth";
import { paymentReceiptSchema, paymentRequirementsSchema } from "./x402";

const txHash = zHex("must be a 0x-prefixed 32-byte transaction hash", 64);
const hexSignature = zHex("must be a 0x-prefixed hex signature");
/** USDC as a decimal string ("1.5"); a JSON number is accepted too. Parsed exactly (6 places at most) by the handler. */
export const usdcInput = z
  .union([z.string().max(32), z.number()])
  .meta({ description: "USDC as a decimal string with at most 6 places, e.g. \"1.5\"", example: "0.5" });
const usdcOut = z.number().meta({ description: "USDC (decimal number rendered from atomic units)" });

// ───────────── resolve ─────────────

export const resolveQuery = z.object({
  url: z.string().min(1).max(2048).meta({ description: "Absolute http(s) URL of the page (or a quickshare link /qs/<slug>)", example: "https://quiet-letters.example/article/essay-slow-software" }),
});

export const resolveResponse = z
  .object({
    success: z.literal(true),
    url: z.string(),
    resolved: z.boolean(),
    wallet: walletAddress.nullable().meta({ description: "The owner wallet the URL resolves to (null when unresolved)" }),
    name: z.string().nullable().meta({ description: "What to call that wallet's owner: their publisher profile's name, else their first verified site's name (null when neither, or unresolved)" }),
    source: z.enum(["content", "site", "quickshare"]).nullable().meta({
      description: "content: the page's content record names a recipientWallet; site: the verified domain owner; quickshare: the share's owner",
    }),
    domain: z.string().meta({ description: "Canonical domain of the URL (the holding key when unresolved)" }),
    siteId: z.string().nullable(),
    contentId: z.string().nullable(),
    hosted: z.boolean().meta({ description: "Hosted by this hub (hosted blog or quickshare): tips pay the creator's fee wallet" }),
    payTo: walletAddress.nullable().meta({ description: "Where a settled tip is paid: the fee wallet when hosted, else the creator" }),
    feeBps: z.number().int().nullable(),
    next: z.enum(["settle", "hold", "none"]).meta({ description: "settle: POST /hub/tips/challenge, pay, POST /hub/tips/verify; hold: POST /hub/tips/hold; none: not tippable (an unknown share link)" }),
    reason: z.string().optional().meta({ description: "Why the URL did not resolve" }),
  })
  .meta({ id: "ResolveResponse" });

// ───────────── tip record ─────────────

export const tipView = z
  .object({
    id: z.string(),
    status: z.enum(["held", "releasing", "settled", "released", "refunded", "void"]).meta({ description: "releasing: a claim's release transaction is in flight; void: a gateway hold whose authorization failed at settlement (nothing reached the box)" }),
    network: z.enum(["testnet", "mainnet"]),
    contentUrl: z.string(),
    title: z.string(),
    domain: z.string(),
    amount: usdcOut,
    refunded: usdcOut.meta({ description: "Already refunded to the payer (partial refunds)" }),
    held: usdcOut.meta({ description: "Still in the box for this tip: amount − refunded while held, else 0" }),
    payer: walletAddress,
    recipient: walletAddress.nullable(),
    payTo: walletAddress,
    rail: z.enum(["transfer", "gateway", "eip3009"]).meta({ description: "The rail that paid: eip3009 (a plain USDC authorization, settled at once), gateway (Circle Gateway batched), transfer" }),
    txHash: z.string().nullable(),
    box: walletAddress.nullable(),
    feeBps: z.number().int().nullable(),
    protocolFee: usdcOut.nullable().meta({ description: "Fee stamped at settle or release" }),
    releaseTx: z.string().nullable(),
    refundTx: z.string().nullable(),
    pendingSettlement: z.boolean().meta({ description: "Gateway-rail hold whose Gateway credit the hub has not collected yet" }),
    createdAt: z.iso.datetime(),
    releasedAt: z.iso.datetime().nullable(),
    refundedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Tip" });

// ───────────── hold ─────────────

export const holdBody = z
  .object({
    contentUrl: z.string().min(1).max(2048).meta({ description: "The page tipped (absolute http(s) URL)" }),
    amount: usdcInput,
    title: z.string().max(300).optional(),
    currency: z.literal("USDC").optional(),
    domain: z.string().min(1).max(253).optional().meta({
      description: "Holding key; default the canonical host of contentUrl. Must be that host or a parent domain of it.",
    }),
    paymentRail: z.enum(["transfer", "gateway"]).optional().meta({ description: "transfer (default): send USDC to the box, then repeat with txHash" }),
    txHash: txHash.optional().meta({ description: "The USDC transfer into the box; without it the route only answers with the box address" }),
    walletAddress: walletAddress.optional().meta({ description: "The payer; default the one sender of USDC into the box in txHash" }),
    paymentSignature: z.string().min(1).max(20_000).optional().meta({
      description: "Gateway rail: the x402 payment payload (base64 JSON, as in the Payment-Signature header) for one of the `accepts` (payTo = the box)",
    }),
  })
  .meta({ id: "HoldRequest" });

export const holdChallengeResponse = z
  .object({
    success: z.literal(true),
    holdStatus: z.literal("challenge"),
    box: walletAddress.meta({ description: "The domain's holding box (CREATE2, predicted off chain; may have no code yet)" }),
    domain: z.string(),
    amount: usdcOut,
    asset: walletAddress.meta({ description: "The USDC contract" }),
    network: z.string().meta({ example: "eip155:5042002" }),
    chainId: z.number().int(),
    instructions: z.string(),
    x402Version: z.literal(2).optional().meta({ description: "paymentRail gateway: the x402 challenge to sign, payTo = the box" }),
    resource: z.object({ url: z.string(), description: z.string().optional(), mimeType: z.string().optional() }).optional(),
    accepts: z.array(paymentRequirementsSchema).optional(),
  })
  .meta({ id: "HoldChallengeResponse" });

export const holdHeldResponse = z
  .object({
    success: z.literal(true),
    holdStatus: z.literal("held"),
    box: walletAddress,
    domain: z.string(),
    tip: tipView,
    payment: paymentReceiptSchema.optional().meta({ description: "Gateway rail: the x402 receipt (status locked until the batch settles it into the box)" }),
  })
  .meta({ id: "HoldHeldResponse" });

export const heldQuery = z.object({
  domain: z.string().min(1).max(253).meta({ description: "The holding key (any form; canonicalised)" }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const heldResponse = z
  .object({
    success: z.literal(true),
    domain: z.string(),
    box: walletAddress,
    tips: z.array(tipView).meta({ description: "Held tips (held or releasing), newest first" }),
    total: z.number().int().meta({ description: "Number of held tips for the domain (all of them, not just this page)" }),
    totalAmount: usdcOut.meta({ description: "USDC still held for the domain" }),
    pendingSettlement: z.number().int().meta({ description: "Held tips whose Gateway credit is still settling" }),
  })
  .meta({ id: "HeldTipsResponse" });

// ───────────── claim ─────────────

export const claimBody = z
  .object({
    siteId: z.string().min(1).max(100),
    token: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "The site's secret (sk_…; a site registered before secrets were split keeps its old token until rotated). Required unless the request carries the session of one of the site's owner wallets." }),
    creatorWallet: walletAddress.optional().meta({ description: "Wallet to pay; default the site's owner wallet" }),
    claimToken: z
      .object({ message: z.string().min(1).max(2000), signature: hexSignature })
      .optional()
      .meta({ description: "The claim-token message signed (EIP-191) by the site's owner wallet; required when creatorWallet is another wallet" }),
  })
  .meta({ id: "ClaimRequest" });

export const claimResponse = z
  .object({
    success: z.literal(true),
    releaseTx: z.string().nullable().optional(),
    feeBps: z.number().int().optional(),
    protocolFee: usdcOut.optional().meta({ description: "What the treasury received (from the Released event)" }),
    amount: usdcOut.optional().meta({ description: "The box balance released" }),
    creatorAmount: usdcOut.optional(),
    creatorWallet: walletAddress.optional(),
    box: walletAddress.optional(),
    domain: z.string().optional(),
    released: z.array(z.string()).meta({ description: "Ids of the tips released" }),
    pending: z.number().int().meta({ description: "Held tips still settling (0 on success)" }),
  })
  .meta({ id: "ClaimResponse" });

// ───────────── refund ─────────────

export const refundBody = z
  .object({
    domain: z.string().min(1).max(253),
    payer: walletAddress,
    message: z.string().min(1).max(1000).meta({ description: "The refund control message, exactly as signed (see the description)" }),
    signature: hexSignature.meta({ description: "EIP-191 personal_sign of message by payer" }),
    amount: usdcInput.optional().meta({ description: "Cap (USDC); never above the held total; default everything held. Must equal the message's Amount line." }),
  })
  .meta({ id: "RefundRequest" });

export const refundResponse = z
  .object({
    success: z.literal(true),
    amount: usdcOut,
    refundTx: z.string(),
    domain: z.string(),
    payer: walletAddress,
    refunded: z.array(z.string()).meta({ description: "Ids of tips now fully refunded" }),
    partial: z.string().nullable().meta({ description: "Id of a tip refunded in part (it stays held with the rest)" }),
    remaining: usdcOut.meta({ description: "Still held for this payer and domain" }),
  })
  .meta({ id: "RefundResponse" });

// ───────────── settle (challenge, verify) ─────────────

const tipSettleFields = {
  contentUrl: z.string().min(1).max(2048).meta({ description: "The page tipped (absolute http(s) URL, or a quickshare link /qs/<slug>)" }),
  amount: usdcInput,
  title: z.string().max(300).optional(),
  currency: z.literal("USDC").optional(),
  recipient: walletAddress.optional().meta({
    description: "The creator's wallet; required only when the hub cannot resolve contentUrl (a resolved URL's owner always wins)",
  }),
  paymentRail: z.enum(["transfer", "gateway"]).optional(),
};

export const tipChallengeBody = z.object(tipSettleFields).meta({ id: "TipChallengeRequest" });

export const tipVerifyBody = z
  .object({
    ...tipSettleFields,
    txHash: txHash.optional().meta({ description: "Transfer rail: the USDC transfer to payTo (also read from x-svc-transfer-tx)" }),
    txOwner: hexSignature.optional().meta({
      description: "Transfer rail: the sender's EIP-191 signature of the x402 transfer ownership message naming this tx and contentUrl (also read from x-svc-tx-owner)",
    }),
    paymentSignature: z.string().min(1).max(20_000).optional().meta({
      description: "Gateway rail: the x402 payment payload (base64 JSON; also read from the Payment-Signature header)",
    }),
    walletAddress: walletAddress.optional().meta({ description: "The payer, informational: the payer recorded is the one the payment proves" }),
  })
  .meta({ id: "TipVerifyRequest" });

const feeFields = {
  payee: walletAddress.meta({ description: "The creator the tip is for" }),
  payTo: walletAddress.meta({ description: "Where the USDC goes: the creator's fee wallet when hosted, else the creator" }),
  feeBps: z.number().int().meta({ example: 100 }),
  protocolFee: usdcOut.meta({ description: "1% of the amount" }),
  feeSettlement: z.enum(["fee-wallet", "accrued"]).meta({
    description: "fee-wallet: payTo is the fee wallet, whose on-chain 99/1 split sends the fee to the treasury; accrued: a self-hosted creator is paid the whole amount and the 1% is recorded on the tip as owed, not moved",
  }),
};

export const tipChallengeResponse = z
  .object({
    success: z.literal(true),
    x402Version: z.literal(2),
    resource: z.object({ url: z.string(), description: z.string().optional(), mimeType: z.string().optional() }),
    accepts: z.array(paymentRequirementsSchema).meta({ description: "accepts[0]: plain EIP-3009 (settled at once by the hub's relayer); accepts[1]: Circle Gateway batched. Both pay accepts[i].payTo." }),
    extensions: z.record(z.string(), z.unknown()).optional().meta({ description: "The challenge's x402 extensions (payment-identifier, sign-in-with-x, signed offers), as in the PAYMENT-REQUIRED header" }),
    ...feeFields,
    source: z.enum(["content", "site", "quickshare", "request"]).meta({ description: "What the payee resolved from; request: the body's recipient for a page the hub cannot resolve" }),
    domain: z.string(),
    amount: usdcOut,
  })
  .meta({ id: "TipChallengeResponse" });

export const tipVerifyResponse = z
  .object({
    success: z.literal(true),
    status: z.literal("settled"),
    tip: tipView,
    payment: paymentReceiptSchema,
    ...feeFields,
    replayed: z.boolean().meta({ description: "True when these credentials were already recorded (the first result, nothing new written)" }),
  })
  .meta({ id: "TipVerifyResponse" });
