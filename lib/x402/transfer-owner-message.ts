/**
 * The EIP-191 (personal_sign) message whose signature goes in `x-svc-tx-owner` on the transfer rail:
 * it binds the transaction to the chain and to the resource, so a signature for one purchase cannot
 * be replayed for another. The exact text (lines joined by "\n", no trailing newline):
 *
 *   x402 transfer payment
 *   Chain: eip155:<chain id>
 *   Transaction: <tx hash, lowercase 0x…>
 *   Resource: <resource.url of the 402 challenge>
 */
export function transferOwnerMessage({ chainId, txHash, resourceUrl }: { chainId: number; txHash: string; resourceUrl: string }): string {
  return ["x402 transfer payment", `Chain: eip155:${chainId}`, `Transaction: ${txHash.toLowerCase()}`, `Resource: ${resourceUrl}`].join("\n");
}
