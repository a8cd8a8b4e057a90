// The exact control message a payer signs (EIP-191 personal_sign) to refund held tips. Pure: shared by
// the hub, its tests and any client that builds the message itself.
import { getAddress, type Address } from "viem";
import { formatUsdc, parseUsdc } from "@/lib/money";

export const REFUND_MESSAGE_TITLE = "Refund held tips on Paid Content Hub";

export type RefundMessageFields = {
  /** Canonical holding key (lowercase host, no www.). */
  domain: string;
  payer: Address;
  /** Atomic-unit cap; null means "all held". */
  amountAtomic: bigint | null;
  chainId: number;
  /** 8 to 64 characters of [A-Za-z0-9_-], single use per payer. */
  nonce: string;
};

/**
 * The message text, line by line:
 *
 *     Refund held tips on Paid Content Hub
 *     Domain: <canonical domain>
 *     Payer: <EIP-55 address>
 *     Amount: <decimal> USDC        (or: Amount: all)
 *     Chain: eip155:<chain id>
 *     Nonce: <nonce>
 */
export function refundMessage(fields: RefundMessageFields): string {
  const amount = fields.amountAtomic === null ? "all" : `${formatUsdc(fields.amountAtomic)} USDC`;
  return [
    REFUND_MESSAGE_TITLE,
    `Domain: ${fields.domain}`,
    `Payer: ${getAddress(fields.payer)}`,
    `Amount: ${amount}`,
    `Chain: eip155:${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
  ].join("\n");
}

const PATTERN = new RegExp(
  [
    `^${REFUND_MESSAGE_TITLE}`,
    "Domain: ([a-z0-9.\\-\\[\\]:]+)",
    "Payer: (0x[0-9a-fA-F]{40})",
    "Amount: (all|(?:0|[1-9]\\d*)(?:\\.\\d{1,6})? USDC)",
    "Chain: eip155:(\\d{1,12})",
    "Nonce: ([A-Za-z0-9_-]{8,64})$",
  ].join("\\n"),
);

/** The fields of a well-formed refund message, or null when the text is not exactly in that format. */
export function parseRefundMessage(message: string): RefundMessageFields | null {
  const m = PATTERN.exec(message);
  if (!m) return null;
  const [, domain, payer, amount, chainId, nonce] = m as unknown as [string, string, string, string, string, string];
  const fields: RefundMessageFields = {
    domain,
    payer: getAddress(payer),
    amountAtomic: amount === "all" ? null : parseUsdc(amount.slice(0, -" USDC".length)),
    chainId: Number(chainId),
    nonce,
  };
  // Only the canonical rendering counts (no "1.50 USDC", no lowercase address), so one intent has one text.
  return refundMessage(fields) === message ? fields : null;
}
