const AGENT_HEADERS = ["payment-signature", "x-payment", "payment", "x-svc-transfer-tx", "x-svc-tx-owner", "x-svc-payment-proof"];

/**
 * decisions.md #4: a request that accepts text/html gets the page; anything else — an agent
 * (x-svc-actor: agent), a request carrying payment or proof headers, or one that does not accept
 * HTML — gets the access route's JSON and 402.
 */
export function wantsSharePage(req: Request): boolean {
  if (req.headers.get("x-svc-actor")?.trim().toLowerCase() === "agent") return false;
  if (AGENT_HEADERS.some((h) => req.headers.has(h))) return false;
  return /\btext\/html\b/i.test(req.headers.get("accept") ?? "");
}
