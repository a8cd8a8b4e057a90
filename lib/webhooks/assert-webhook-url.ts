import "server-only";
import { isIP } from "node:net";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { isPublicAddress } from "@/lib/net/ip-policy";
import { parseSiteFetchAllowlist } from "@/lib/sites/site-fetch-allowlist";

/**
 * Refuses at once what every delivery would refuse: credentials in the URL, or a literal address
 * that is not public (unless SITE_FETCH_ALLOW_HOSTS lets it through, tests and local development).
 * Names are checked after DNS at every attempt (lib/net/safe-fetch.ts).
 */
export function assertWebhookUrl(value: string): void {
  const url = new URL(value);
  if (url.username || url.password) throw new ApiError("invalid-request", "url: must not carry credentials");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  const allowed = parseSiteFetchAllowlist(env.SITE_FETCH_ALLOW_HOSTS).some((a) => a.host === host || a.host === `${host}:${url.port}`);
  if (allowed) return;
  if ((isIP(host) && !isPublicAddress(host)) || host === "localhost" || host.endsWith(".localhost")) {
    throw new ApiError("invalid-request", `url: ${host} is not a public address; webhooks go to public http(s) endpoints only`);
  }
}
