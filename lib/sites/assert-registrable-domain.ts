import { isIP } from "node:net";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { parseSiteFetchAllowlist } from "./site-fetch-allowlist";

// Names that only ever resolve inside a machine or a private network (RFC 6761, 6762, 8375 and habit).
const PRIVATE_SUFFIXES = ["localhost", "local", "localdomain", "internal", "intranet", "lan", "home.arpa", "corp", "private"];

/**
 * Site registration refuses (400) what the verifier would refuse anyway, so no site is recorded
 * that can never be proven: a non-http(s) scheme, credentials or a port in the input, an IP
 * literal, a loopback or private name. A host SITE_FETCH_ALLOW_HOSTS admits (tests, local
 * development) is let through. `host` is the normalised domain of `input`.
 */
export function assertRegistrableDomain(input: string, host: string): void {
  if (parseSiteFetchAllowlist(env.SITE_FETCH_ALLOW_HOSTS).some((a) => a.host === host)) return;
  const refuse = (why: string) => {
    throw new ApiError("invalid-request", `domain: "${input.slice(0, 100)}" ${why}; register the public host name (e.g. example.com)`);
  };
  const text = input.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme && scheme !== "http" && scheme !== "https") refuse(`uses the ${scheme}: scheme, not http(s)`);
  const authority = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").split(/[/?#]/, 1)[0] ?? "";
  if (authority.includes("@")) refuse("carries credentials");
  if (/:\d*$/.test(authority.replace(/^\[.*\]/, ""))) refuse("names a port");
  if (isIP(host) || authority.startsWith("[")) refuse("is an IP address");
  if (PRIVATE_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`))) refuse("is a loopback or private name");
}
