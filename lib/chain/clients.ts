import "server-only";
import { createPublicClient, createWalletClient, defineChain, http, type Chain } from "viem";
import { nonceManager, privateKeyToAccount } from "viem/accounts";
import { writeContract } from "viem/actions";
import { env } from "@/lib/env";
import { observedFetch } from "@/lib/metrics/observed-fetch";
import { NETWORKS } from "./networks";
import { resendOnStaleNonce } from "./resend-on-stale-nonce";

let chain: Chain | undefined;
/** The hub's chain, always from configuration: a client-supplied RPC is never trusted. */
export function hubChain(): Chain {
  const net = NETWORKS[env.NETWORK_MODE];
  chain ??= defineChain({
    id: net.chainId,
    name: env.DEV_CHAIN ? `${net.label} (local)` : net.label,
    nativeCurrency: { name: "USDC", symbol: "USDC", decimals: 18 },
    rpcUrls: { default: { http: [env.RPC_URL] } },
    testnet: env.NETWORK_MODE === "testnet",
  });
  return chain;
}

/** JSON-RPC calls in one batch request of the batching client (providers accept 100 or more). */
const RPC_BATCH_SIZE = 100;

function transport({ batch = false }: { batch?: boolean } = {}) {
  // A short timeout and one retry: a payment route should fail fast (and say so) when the chain is down.
  return http(env.RPC_URL, { timeout: 10_000, retryCount: 1, fetchFn: observedFetch, ...(batch ? { batch: { batchSize: RPC_BATCH_SIZE } } : {}) });
}

/** The hub's public clients' type (publicClient, batchingPublicClient). */
export type PublicClient = ReturnType<typeof makePublic>;

let pub: PublicClient | undefined;
/**
 * How often a receipt wait polls for a new block. viem's default, 4 s, makes every wait slow on a chain
 * that mines at once. On the local chain a wait's first look usually misses: anvil answers a send before
 * its block is mined, 0.8 ms later at its start and 6 ms later after 4,000 blocks (bench/README.md,
 * session 37), and each miss then costs up to one interval.
 */
const POLLING_MS = env.DEV_CHAIN ? 20 : 1_000;

function makePublic({ batch = false }: { batch?: boolean } = {}) {
  return createPublicClient({ chain: hubChain(), transport: transport({ batch }), pollingInterval: POLLING_MS });
}
export function publicClient() {
  pub ??= makePublic();
  return pub;
}

let batching: PublicClient | undefined;
/**
 * A public client whose calls made in one turn of the event loop go out together as JSON-RPC batches
 * (RPC_BATCH_SIZE calls a request): for a background pass that reads many things at one block (the
 * deposit index's depositors), one round trip instead of one each. Requests keep publicClient, whose
 * calls are not held for a batch.
 */
export function batchingPublicClient() {
  batching ??= makePublic({ batch: true });
  return batching;
}

let relayer: ReturnType<typeof makeRelayer> | undefined;
function makeRelayer() {
  if (!env.RELAYER_PRIVATE_KEY) throw new Error("RELAYER_PRIVATE_KEY is not configured");
  const client = createWalletClient({
    chain: hubChain(),
    // The settler and immediate EIP-3009 settlements send concurrently from this one key: the nonce
    // manager hands out consecutive nonces instead of letting two sends race for the same one.
    account: privateKeyToAccount(env.RELAYER_PRIVATE_KEY, { nonceManager }),
    transport: transport(),
    pollingInterval: POLLING_MS,
  });
  // Other processes send from this key too (each worker, a second instance, the CLI settler): one of
  // them can take the nonce this process's manager just handed out, and the node refuses the send. That
  // transaction never existed, so every relayer send (settlements, batches, box calls) is sent again.
  return client.extend((c) => ({
    writeContract: ((args: Parameters<typeof c.writeContract>[0]) => resendOnStaleNonce(() => writeContract(c, args))) as typeof c.writeContract,
  }));
}
/** The hub's own signer: settles gateway batches and EIP-3009 authorizations, releases held tips. */
export function relayerClient() {
  relayer ??= makeRelayer();
  return relayer;
}
