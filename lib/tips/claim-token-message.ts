// The exact message a site owner signs (EIP-191 personal_sign) to let held tips be claimed to another wallet.
import { getAddress, type Address } from "viem";

export const CLAIM_TOKEN_TITLE = "Claim held tips on Paid Content Hub";

/**
 * The claim-token text, line by line:
 *
 *     Claim held tips on Paid Content Hub
 *     Domain: <canonical domain>
 *     Site: <site id>
 *     Pay to: <EIP-55 address of the receiving wallet>
 *     Chain: eip155:<chain id>
 *
 * Signed by the site's owner wallet. It names the receiving wallet, so replaying it can only pay the
 * wallet the owner chose (and the domain is bound to that wallet at the first claim anyway).
 */
export function claimTokenMessage(fields: { domain: string; siteId: string; payTo: Address; chainId: number }): string {
  return [
    CLAIM_TOKEN_TITLE,
    `Domain: ${fields.domain}`,
    `Site: ${fields.siteId}`,
    `Pay to: ${getAddress(fields.payTo)}`,
    `Chain: eip155:${fields.chainId}`,
  ].join("\n");
}
