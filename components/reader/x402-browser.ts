// Browser side of the x402 exchange: decode the PAYMENT-REQUIRED challenge, build the EIP-3009
// authorization the wallet signs, encode the Payment-Signature header. Pure: the wallet signs, the hub checks.
import { getAddress, toHex, type Address, type Hex } from "viem";
import { GATEWAY_BATCHED_DOMAIN, transferWithAuthorizationTypes } from "@/lib/chain/abis";

export type PaymentOption = {
  scheme: string;
  network: string;
  asset: string;
  amount: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: { name: string; version: string; verifyingContract?: string } & Record<string, unknown>;
};
export type Challenge = { x402Version: number; resource?: { url: string; description?: string; mimeType?: string }; accepts: PaymentOption[] };

// The typed data both options sign (USDC's EIP-3009 and GatewayWalletBatched share it).
export { transferWithAuthorizationTypes };

/** Standard padded base64 of UTF-8 JSON (docs/decisions.md, Payments: the header encoding). */
export function encodeHeader(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let bin = "";
  bytes.forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin);
}

export function decodeHeader<T>(header: string): T {
  const bytes = Uint8Array.from(atob(header), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as T;
}

export const isGatewayOption = (o: PaymentOption) => o.extra?.name === GATEWAY_BATCHED_DOMAIN.name;
export const chainIdOf = (o: PaymentOption) => Number(o.network.split(":")[1]);

/**
 * The typed data for one option of a challenge: the GatewayWalletBatched domain (verifyingContract =
 * the Gateway Wallet) for the gateway rail, else USDC's own domain. A gateway authorization is valid
 * from ten minutes ago for the option's timeout (Circle's batched window), a plain one for its timeout.
 */
export function authorizationFor(option: PaymentOption, from: Address, now = Math.floor(Date.now() / 1000)) {
  const gateway = isGatewayOption(option);
  const message = {
    from,
    to: getAddress(option.payTo),
    value: BigInt(option.amount),
    validAfter: BigInt(gateway ? now - 600 : 0),
    validBefore: BigInt(now + Number(option.maxTimeoutSeconds || 300)),
    nonce: toHex(crypto.getRandomValues(new Uint8Array(32))) as Hex,
  };
  const domain = {
    name: option.extra.name,
    version: option.extra.version,
    chainId: chainIdOf(option),
    verifyingContract: getAddress(gateway ? String(option.extra.verifyingContract) : option.asset),
  };
  return { domain, types: transferWithAuthorizationTypes, primaryType: "TransferWithAuthorization" as const, message };
}

/** The Payment-Signature header value for a signed authorization of `option`. */
export function paymentSignatureHeader(challenge: Challenge, option: PaymentOption, message: ReturnType<typeof authorizationFor>["message"], signature: Hex): string {
  return encodeHeader({
    x402Version: challenge.x402Version,
    resource: challenge.resource,
    accepted: option,
    payload: {
      signature,
      authorization: {
        from: message.from,
        to: message.to,
        value: message.value.toString(),
        validAfter: message.validAfter.toString(),
        validBefore: message.validBefore.toString(),
        nonce: message.nonce,
      },
    },
  });
}

/** USDC atomic units → "0.25" (6 decimals, trailing zeros trimmed). */
export function usdcText(atomic: bigint | string): string {
  const v = BigInt(atomic);
  const whole = v / 1_000_000n;
  const frac = (v % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : whole.toString();
}
