import "server-only";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { getAddress } from "viem";
import { GATEWAY_BATCHED_DOMAIN } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { getChainInfo } from "@/lib/chain/chain-info";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { jsonTemplate, type FilledJson, type JsonTemplate } from "@/lib/json-template";
import { lruMemo } from "@/lib/lru-memo";
import { base64Template, encodeHeaderJsonText } from "./header-json";
import { GATEWAY_MAX_TIMEOUT_SECONDS, PLAIN_MAX_TIMEOUT_SECONDS, X402_VERSION } from "./constants";
import { challengeExtensions } from "./extensions/challenge-extensions";
import { OFFER_WINDOW_SECONDS } from "./extensions/offer-receipt";
import type { PaidResource } from "./types";

/**
 * The x402 v2 challenge for `resource`, bound to its server-side price and payee: its payment
 * options (paymentOptions) and the extensions every 402 declares (offers signed by the receipt key,
 * bazaar, siwx, payment-identifier).
 */
export async function buildChallenge({ resource, error }: { resource: PaidResource; error?: string }): Promise<PaymentRequired> {
  const { challenge } = await renderChallenge(resource);
  return error ? { x402Version: X402_VERSION, error, ...challenge } : { x402Version: X402_VERSION, ...challenge };
}

type ChallengeBody = Pick<PaymentRequired, "resource" | "accepts" | "extensions">;
type KeptChallenge = {
  template: JsonTemplate<ChallengeBody>;
  fresh: Array<() => Record<string, string>>;
  /** Its PAYMENT-REQUIRED headers' base64, kept per `error` (lib/x402/header-json.ts base64Template). */
  headers: Map<string, (written: readonly string[]) => string>;
};

/** The challenge as a 402 writes it: its JSON members, its value (made when read), its PAYMENT-REQUIRED header. */
export type RenderedChallenge = {
  /** `"resource":…,"accepts":…,"extensions":…` (no braces), fresh fields filled. */
  members: string;
  readonly challenge: ChallengeBody;
  /** The PAYMENT-REQUIRED header: base64 of `{"x402Version":2,"error":<error>,<members>}`. */
  header(error: string): string;
};

/** At most this many `error`s keep a header's base64 per challenge; another is encoded whole. */
const KEPT_HEADERS = 8;

/**
 * Challenges kept per resource, terms and offer window (LRU): everything in one is determined by those
 * (the accepts from the price, payee and the token's domain; offers signed for the window; the bazaar
 * and siwx declarations from the resource), but for the few fields each 402 needs fresh (a SIWX
 * nonce and its times), which are holes filled per challenge. A 402 then costs a copy along those
 * holes and a splice of kept JSON instead of building and serialising the whole challenge again.
 */
const kept = lruMemo<Promise<KeptChallenge>>(1_000);

/**
 * The challenge for `resource` without `x402Version` and `error` (resource, accepts, extensions),
 * fresh fields filled, as its JSON object members (`"resource":…,"accepts":…`, no braces) and as a
 * value, so a 402 writes its header and body around them (lib/x402/payment-required.ts). The header's
 * base64 is kept too: only the groups over the fresh fields are encoded per 402.
 */
export async function renderChallenge(resource: PaidResource, nowMs = Date.now()): Promise<RenderedChallenge> {
  const window = Math.floor(nowMs / 1000 / OFFER_WINDOW_SECONDS);
  const { kind, contentId, url, description, mimeType, price, payTo } = resource;
  const key = JSON.stringify([kind, contentId ?? null, url, description ?? "", mimeType ?? "", price.toString(), payTo, window]);
  const { template, fresh, headers } = await kept.get(key, () => {
    const built = keepChallenge(resource);
    built.catch(() => kept.delete(key)); // a failure (the chain unreachable) is not kept
    return built;
  });
  return new Rendered(template.fill(Object.assign({}, ...fresh.map((f) => f()))), template.pieces, headers);
}

// A class rather than a literal with getters (see lib/json-template.ts Filled).
class Rendered implements RenderedChallenge {
  readonly members: string;
  constructor(
    private readonly filled: FilledJson<ChallengeBody>,
    private readonly pieces: readonly string[],
    private readonly headers: KeptChallenge["headers"],
  ) {
    this.members = filled.text.slice(1, -1);
  }

  get challenge(): ChallengeBody {
    return this.filled.value;
  }

  header(error: string): string {
    let encode = this.headers.get(error);
    if (!encode) {
      const prefix = `{"x402Version":${X402_VERSION},"error":${JSON.stringify(error)},`;
      if (this.headers.size >= KEPT_HEADERS) return encodeHeaderJsonText(`${prefix}${this.members}}`);
      const [first, ...rest] = this.pieces;
      this.headers.set(error, (encode = base64Template([prefix + first!.slice(1), ...rest])));
    }
    return encode(this.filled.written);
  }
}

async function keepChallenge(resource: PaidResource): Promise<KeptChallenge> {
  const accepts = await paymentOptions(resource);
  const { extensions, fresh } = await challengeExtensions({ resource, accepts });
  const body: ChallengeBody = {
    resource: { url: resource.url, description: resource.description ?? "", mimeType: resource.mimeType ?? "application/json" },
    accepts,
    ...(extensions ? { extensions } : {}),
  };
  return { template: jsonTemplate(body), fresh, headers: new Map() };
}

/**
 * The challenge's `accepts`, without the extensions (what a payment's `accepted` is checked against,
 * with no offer to sign). `accepts[0]` is the plain EIP-3009 option (USDC's own EIP-712 domain, read
 * on chain; stock clients take the first item and the hub's relayer settles it at once); `accepts[1]`
 * is the Gateway option (GatewayWalletBatched domain; Circle's clients pick it themselves; settled in
 * batches).
 */
export async function paymentOptions(resource: PaidResource): Promise<PaymentRequirements[]> {
  const info = await chainRead("read the token's EIP-712 domain", () => getChainInfo());
  const network = NETWORKS[env.NETWORK_MODE].caip2;
  const asset = getAddress(info.usdc.address);
  const common = { scheme: "exact", network, asset, amount: resource.price.toString(), payTo: getAddress(resource.payTo) };
  return [
    { ...common, maxTimeoutSeconds: PLAIN_MAX_TIMEOUT_SECONDS, extra: { name: info.usdc.name, version: info.usdc.version, verifyingContract: asset } },
    {
      ...common,
      maxTimeoutSeconds: GATEWAY_MAX_TIMEOUT_SECONDS,
      extra: { ...GATEWAY_BATCHED_DOMAIN, verifyingContract: getAddress(env.GATEWAY_WALLET_ADDRESS) },
    },
  ];
}
