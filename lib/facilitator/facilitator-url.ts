import { env } from "@/lib/env";

/** The base URL a creator's x402 middleware is given (HTTPFacilitatorClient appends /verify, /settle, /supported). */
export function facilitatorUrl(): string {
  return `${env.HUB_ORIGIN.replace(/\/+$/, "")}/facilitator`;
}
