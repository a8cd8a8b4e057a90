import "server-only";
import { env } from "@/lib/env";
import { NETWORKS } from "@/lib/chain/networks";

export const SIGN_IN_STATEMENT = "Sign in to Paid Content Hub with your wallet.";
export const NONCE_TTL_MS = 10 * 60 * 1000;

/** What a sign-in message must name for this hub (or for a hosted blog's origin): its host, its origin and its chain. */
export function signInTerms(forOrigin: string = env.HUB_ORIGIN) {
  const origin = new URL(forOrigin);
  return { domain: origin.host, uri: origin.origin, chainId: NETWORKS[env.NETWORK_MODE].chainId, statement: SIGN_IN_STATEMENT };
}
