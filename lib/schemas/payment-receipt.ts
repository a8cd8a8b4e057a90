import { z } from "zod";

/** The interface's payment object ("Payment receipt"), plus rail, status, chain and payTo: the one PaymentReceipt (lib/x402/types.ts infers its type). */
export const paymentReceiptSchema = z
  .object({
    paymentProvider: z.enum(["x402-gateway", "x402-eip3009", "transfer"]),
    verified: z.boolean(),
    paymentId: z.string().nullable(),
    recipient: z.string().meta({ description: "The creator" }),
    network: z.enum(["testnet", "mainnet"]).meta({ description: "The hub's network stamp" }),
    amount: z.number().meta({ description: "USDC paid", example: 0.05 }),
    revenue: z.number().meta({ description: "USDC the creator receives (amount minus protocolFee)", example: 0.0495 }),
    currency: z.literal("USDC"),
    payer: z.string().nullable(),
    txHash: z.string().nullable().meta({
      description: "Settlement transaction: the transfer, the relayer's EIP-3009 settlement, or (gateway) the batch settlement once settled; null while a gateway payment is locked",
    }),
    protocolFee: z.number().nullable().meta({ description: "1% on hosted sites (paid into the creator's fee wallet), else 0" }),
    rail: z.enum(["gateway", "eip3009", "transfer"]),
    status: z.enum(["locked", "settling", "settled"]).meta({ description: "gateway payments are locked until their batch settles" }),
    chainId: z.string().meta({ example: "eip155:5042002" }),
    payTo: z.string(),
    contentId: z.string().nullable(),
  })
  .meta({ id: "PaymentReceipt" });
