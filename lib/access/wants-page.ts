import type { Credentials } from "@/lib/x402/parse-credentials";

/**
 * One URL, two audiences (a share's /qs/<slug>, a hosted post's page): a request that accepts
 * text/html gets the page; anything else — an agent (x-svc-actor: agent), a request carrying payment,
 * proof or sign-in-with-x credentials, or one that does not accept HTML — gets the access route's JSON and 402.
 */
export function wantsPage({ accept, credentials }: { accept: string | null; credentials: Credentials }): boolean {
  if (credentials.actor === "agent") return false;
  if (credentials.payment.kind !== "none" || credentials.proof || credentials.siwx) return false;
  return /\btext\/html\b/i.test(accept ?? "");
}
