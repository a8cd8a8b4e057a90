import { env } from "@/lib/env";

/**
 * The public origin of a hosted blog: `<name>.localhost` domains are served by this process, so
 * they take the hub's scheme and port; any other (custom) domain is served over https.
 */
export function blogOrigin(domain: string): string {
  const hub = new URL(env.HUB_ORIGIN);
  return domain.endsWith(".localhost") ? `${hub.protocol}//${domain}${hub.port ? `:${hub.port}` : ""}` : `https://${domain}`;
}
