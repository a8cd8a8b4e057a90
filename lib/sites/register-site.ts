import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { canonicalDomain } from "@/lib/chain/predict";
import { assertRegistrableDomain } from "./assert-registrable-domain";
import { normalizeDomain } from "./normalize-domain";
import { refreshSiteSearchText } from "./refresh-site-search-text";
import { newSecretColumns, newSiteKey } from "./site-secret";
import { ownedSiteInclude, toOwnedSite } from "./site-view";

/** How long an unproven registration holds a domain against other wallets. */
export const PENDING_HOLD_MS = 24 * 60 * 60 * 1000;

function isP2002(err: unknown): boolean {
  return (err as { code?: string })?.code === "P2002";
}

/**
 * Registers a domain for the session wallet (pending until proven by POST /hub/sites/<id>/verify
 * or by the widget). Idempotent for the same wallet (name and description are updated). Another
 * wallet's verified site answers 409; another wallet's unproven registration holds the domain for
 * 24 hours, after which it may be taken over. A removed site comes back for its old owner; for a
 * new owner it is archived and a fresh site (new id, no content) is created. The site's secret is in the
 * answer only when this registration issued it (a new, restored or taken-over site): it is stored hashed.
 */
export async function registerSite({ wallet, domain, name, description }: { wallet: string; domain: string; name?: string; description?: string }) {
  const host = normalizeDomain(domain);
  if (!host) throw new ApiError("invalid-request", `domain: "${domain.slice(0, 100)}" is not a host name (e.g. example.com)`);
  if (host === canonicalDomain(new URL(env.HUB_ORIGIN).hostname)) {
    throw new ApiError("invalid-request", "domain: the hub's own domain cannot be registered as a creator site");
  }
  assertRegistrableDomain(domain, host);
  for (let attempt = 0; ; attempt++) {
    try {
      return await registerOnce({ wallet, host, name, description });
    } catch (err) {
      // Two first registrations of one domain raced: the loser sees the winner's row next time.
      if (isP2002(err) && attempt === 0) continue;
      throw err;
    }
  }
}

async function registerOnce({ wallet, host, name, description }: { wallet: string; host: string; name?: string; description?: string }) {
  await db.owner.upsert({ where: { wallet }, create: { wallet }, update: {} });
  const existing = await db.site.findUnique({ where: { domain: host }, include: { ownerWallets: true } });
  const fresh = { name: name ?? "", description: description ?? "" };

  if (!existing) {
    const { secret, data: secretColumns } = newSecretColumns();
    const site = await db.site.create({
      data: { domain: host, ...fresh, ownerWallet: wallet, siteKey: newSiteKey(), ...secretColumns, verificationStatus: "pending" },
      include: ownedSiteInclude(),
    });
    return { created: true, site: toOwnedSite(site, { secret }) };
  }

  const owns = existing.ownerWallet === wallet || existing.ownerWallets.some((w) => w.wallet === wallet && w.role === "owner");

  if (existing.removedAt && !owns) {
    // Archive the old site under a name no host can have, so its content never resurfaces.
    await db.site.updateMany({ where: { id: existing.id, removedAt: { not: null } }, data: { domain: `${host}#removed-${existing.id}` } });
    return registerOnce({ wallet, host, name, description });
  }

  if (owns) {
    const data: Record<string, unknown> = {};
    if (name !== undefined) data.name = name;
    if (description !== undefined) data.description = description;
    const issued = existing.removedAt ? newSecretColumns() : null;
    if (issued) Object.assign(data, { removedAt: null, verified: false, verificationStatus: "pending", ...issued.data });
    const site = await db.site.update({ where: { id: existing.id }, data, include: ownedSiteInclude() });
    if (name !== undefined && name !== existing.name) await refreshSiteSearchText({ siteId: site.id });
    return { created: false, site: toOwnedSite(site, { secret: issued?.secret }) };
  }

  if (existing.verified) {
    throw new ApiError("domain-registered-by-other-wallet", `${host} is already registered and verified by another wallet`);
  }
  const heldUntil = existing.updatedAt.getTime() + PENDING_HOLD_MS;
  if (heldUntil > Date.now()) {
    throw new ApiError(
      "domain-registered-by-other-wallet",
      `${host} is registered by another wallet and awaiting its proof until ${new Date(heldUntil).toISOString()}`,
    );
  }
  // An unproven registration older than the hold: the new registrant takes the domain over.
  const { secret, data: secretColumns } = newSecretColumns();
  const taken = await db.site.updateMany({
    where: { id: existing.id, verified: false, updatedAt: existing.updatedAt },
    data: { ownerWallet: wallet, ...fresh, siteKey: newSiteKey(), ...secretColumns, verificationStatus: "pending", removedAt: null },
  });
  if (taken.count === 0) throw new ApiError("domain-registered-by-other-wallet", `${host} changed hands meanwhile; retry`);
  await db.siteOwnerWallet.deleteMany({ where: { siteId: existing.id } });
  const site = await db.site.findUniqueOrThrow({ where: { id: existing.id }, include: ownedSiteInclude() });
  return { created: true, site: toOwnedSite(site, { secret }) };
}
