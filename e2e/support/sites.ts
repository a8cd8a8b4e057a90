// Site fixtures for API tests: sites written straight into the hub's database, as the demo seed
// does, for tests whose subject is not the verification itself (events, explore).
import { randomBytes, randomUUID } from "node:crypto";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { newSecretColumns, newSiteKey } from "../../lib/sites/site-secret";
import { removeSites, testDb } from "./db";
import { api } from "./hub";

export const RUN = randomBytes(3).toString("hex");

/** A throwaway wallet (no funds needed: it only signs in). */
export function newWallet() {
  return privateKeyToAccount(generatePrivateKey());
}

/** `token` is the site's secret (sk_…), `siteKey` its public widget key (pk_…). */
export type FixtureSite = { id: string; domain: string; token: string; siteKey: string; owner: `0x${string}` };

const created = new Set<string>();

/**
 * Deletes every site this test file made (fixtures, and registrations whose domain carries RUN)
 * with their content, events and counters, so later tests (the home page's newest content) see the
 * hub as seeded. Ledger rows stay: the ledger is append-only history and its running totals count
 * them. Call it in afterAll.
 */
export async function cleanupRun() {
  const db = testDb();
  const sites = await db.site.findMany({ where: { OR: [{ id: { in: [...created] } }, { domain: { contains: RUN } }] }, select: { id: true } });
  await removeSites(
    db,
    sites.map((x) => x.id),
  );
}

export async function createSite(opts: { domain?: string; owner?: `0x${string}`; verified?: boolean; lastVerifiedAt?: Date | null; name?: string; hosted?: boolean; blogActive?: boolean } = {}): Promise<FixtureSite> {
  const db = testDb();
  const owner = opts.owner ?? newWallet().address;
  const domain = opts.domain ?? `site-${RUN}-${randomBytes(3).toString("hex")}.example`;
  const verified = opts.verified ?? true;
  await db.owner.upsert({ where: { wallet: owner }, create: { wallet: owner }, update: {} });
  const { secret, data: secretColumns } = newSecretColumns();
  const site = await db.site.create({
    data: {
      id: randomUUID(),
      domain,
      name: opts.name ?? `Site ${domain}`,
      ownerWallet: owner,
      siteKey: newSiteKey(),
      ...secretColumns,
      verified,
      verificationStatus: verified ? "verified" : "pending",
      verificationSource: verified ? "owner-link" : null,
      lastVerifiedAt: verified ? (opts.lastVerifiedAt === undefined ? new Date() : opts.lastVerifiedAt) : null,
      hosted: opts.hosted ?? false,
      blogActive: opts.blogActive ?? false,
    },
  });
  created.add(site.id);
  if (verified) await db.siteOwnerWallet.create({ data: { siteId: site.id, wallet: owner } });
  return { id: site.id, domain, token: secret, siteKey: site.siteKey, owner };
}

/** A widget event of `s` for the item `id` at https://<domain>/p/<id> (with `resource` fields); the content id it names. */
export async function siteEvent(s: FixtureSite, event: string, id: string, resource: Record<string, unknown> = {}) {
  const res = await api("/hub/evt", {
    json: { siteId: s.id, token: s.token, event, url: `https://${s.domain}/p/${id}`, resource: { id, ...resource } },
    headers: { origin: `https://${s.domain}` },
  });
  if (res.status !== 200) throw new Error(`event ${event} ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.contentId as string;
}
