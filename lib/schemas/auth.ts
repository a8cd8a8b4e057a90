import { z } from "zod";
import { zAddress, zHex } from "./hex";

export const walletAddress = zAddress("must be a 0x-prefixed 20-byte hex address").meta({ example: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" });

export const nonceQuery = z.object({ address: walletAddress.optional() });

export const nonceResponse = z
  .object({
    success: z.literal(true),
    nonce: z.string(),
    expiresAt: z.iso.datetime(),
    domain: z.string().meta({ description: "The EIP-4361 domain the message must name" }),
    uri: z.string(),
    chainId: z.number().int(),
    version: z.literal("1"),
    statement: z.string(),
  })
  .meta({ id: "NonceResponse" });

export const verifyBody = z
  .strictObject({
    message: z.string().min(1).max(4000).meta({ description: "The EIP-4361 sign-in message, exactly as signed" }),
    signature: zHex("must be a 0x-prefixed hex signature"),
  })
  .meta({ id: "VerifySignInRequest" });

export const sessionResponse = z
  .object({
    success: z.literal(true),
    wallet: walletAddress,
    expiresAt: z.iso.datetime(),
    profile: z
      .object({ username: z.string().nullable(), bio: z.string().nullable(), avatarUrl: z.string().nullable(), socials: z.record(z.string(), z.string()) })
      .nullable(),
  })
  .meta({ id: "SessionResponse" });
