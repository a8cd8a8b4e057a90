import "server-only";
import { getAddress } from "viem";
import { GATEWAY_BATCHED_DOMAIN } from "@/lib/chain/abis";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { formatUsdc, parseUsdc } from "@/lib/money";
import { checkoutQuery } from "@/lib/schemas/checkout";
import { paymentRequiredSchema } from "@/lib/schemas/x402";
import { siteStatus } from "@/lib/sites/site-status";
import type { Challenge, PaymentOption } from "@/components/reader/x402-browser";

export type CheckoutItem = {
  /** The creator's page the reader returns to with the signed payment (the challenge's resource URL). */
  resourceUrl: string;
  description: string;
  /** The one option the reader signs: plain EIP-3009 over this hub's USDC, on this hub's network. */
  option: PaymentOption;
  /** The challenge cut down to that option (what the payment payload repeats). */
  challenge: Challenge;
  payee: { name: string; domain: string; wallet: string };
};

export type CheckoutRefusal = {
  reason: "malformed-challenge" | "no-usable-option" | "amount-above-ceiling" | "unknown-site" | "payee-mismatch";
  details: string;
};

export type CheckoutView = { ok: true; item: CheckoutItem } | { ok: false; refusal: CheckoutRefusal };

function decodeBase64Json(value: string): unknown {
  try {
    const text = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

/**
 * What the checkout page (/checkout?pr=…) may sell: the creator's PAYMENT-REQUIRED challenge, checked
 * the way the facilitator will check the payment, so a reader is never asked to sign what the hub would
 * refuse. The challenge must be x402 v2 with an http(s) resource URL, offer the plain EIP-3009 option
 * (`exact`, this hub's network and USDC) for at most FACILITATOR_MAX_AMOUNT, and pay the owner or fee
 * wallet of a site currently verified on this hub (not stale, not removed) for the resource URL's host. Everything the page shows comes from here; nothing is written.
 */
export async function readCheckout(query: Record<string, string | string[] | undefined>): Promise<CheckoutView> {
  const malformed = (details: string): CheckoutView => ({ ok: false, refusal: { reason: "malformed-challenge", details } });
  const q = checkoutQuery.safeParse({ pr: typeof query.pr === "string" ? query.pr : undefined });
  if (!q.success) return malformed(`pr ${q.error.issues[0]?.message ?? "is invalid"}`);
  const raw = decodeBase64Json(q.data.pr);
  const parsed = paymentRequiredSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return malformed(issue ? `${issue.path.join(".") || "challenge"}: ${issue.message}` : "not an x402 v2 PaymentRequired");
  }
  const challenge = parsed.data;
  const url = httpUrl(challenge.resource.url);
  if (!url) return malformed("resource.url must be an http(s) URL without credentials");

  const network = NETWORKS[env.NETWORK_MODE].caip2;
  const usdc = env.USDC_ADDRESS.toLowerCase();
  const index = challenge.accepts.findIndex(
    (o) => o.scheme === "exact" && o.network === network && o.asset.toLowerCase() === usdc && o.extra.name !== GATEWAY_BATCHED_DOMAIN.name && BigInt(o.amount) > 0n,
  );
  const found = challenge.accepts[index];
  if (!found || typeof found.extra.name !== "string" || typeof found.extra.version !== "string") {
    return { ok: false, refusal: { reason: "no-usable-option", details: `the challenge offers no plain USDC payment (scheme exact, ${network}, asset ${getAddress(env.USDC_ADDRESS)})` } };
  }
  // The option exactly as the creator's server wrote it (fields the schema does not name included): the
  // payload repeats it as `accepted`, and the middleware matches that against its own requirements.
  const original = (raw as { accepts: Record<string, unknown>[] }).accepts[index];
  const option = { ...original, ...found, extra: { ...found.extra, name: found.extra.name, version: found.extra.version } } satisfies PaymentOption;

  const ceiling = parseUsdc(env.FACILITATOR_MAX_AMOUNT);
  if (BigInt(option.amount) > ceiling) {
    return { ok: false, refusal: { reason: "amount-above-ceiling", details: `${formatUsdc(BigInt(option.amount))} USDC is more than this hub settles in one payment (${formatUsdc(ceiling)} USDC)` } };
  }

  const domain = url.hostname.toLowerCase();
  const site = await db.site.findUnique({ where: { domain } });
  if (!site || !siteStatus(site).verified) return { ok: false, refusal: { reason: "unknown-site", details: `${domain} is not a site verified on this hub` } };
  const payees = [site.ownerWallet, site.feeWallet].filter((w): w is string => !!w).map((w) => w.toLowerCase());
  if (!payees.includes(option.payTo.toLowerCase())) {
    return { ok: false, refusal: { reason: "payee-mismatch", details: `the payment goes to ${option.payTo}, which is not the wallet of ${domain}` } };
  }

  return {
    ok: true,
    item: {
      resourceUrl: url.toString(),
      description: challenge.resource.description ?? "",
      option,
      challenge: { x402Version: challenge.x402Version, resource: (raw as { resource: Challenge["resource"] }).resource, accepts: [option] },
      payee: { name: site.name || domain, domain, wallet: getAddress(option.payTo) },
    },
  };
}
