import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { enforceRateLimit } from "@/lib/rate-limit/enforce-rate-limit";
import type { Content } from "@/lib/generated/sqlite/client";
import type { OrderedStatement } from "@/lib/db-one-trip";
import type { KeptRows } from "@/lib/kept-reads";
import { siteItem } from "@/lib/sites/site-rows";
import { siteStatus } from "@/lib/sites/site-status";
import { ReadAgain } from "@/lib/x402/read-again";
import { hashFacilitatorKey } from "./hash-facilitator-key";
import { facilitatorCallRows, isKeptCall, keptCallCheck } from "./kept-facilitator-calls";

const KEY_SHAPE = /^fk_[A-Za-z0-9_-]{43}$/;

export type FacilitatorSite = { id: string; domain: string; name: string; ownerWallet: string; feeWallet: string | null; hosted: boolean };

/**
 * The site's Content row for the page a call names, read with its key: `externalId` the page's id as
 * facilitatedPayment derives it from the call (null: the call names no page it could read), `row` null
 * when the hub has no row for it yet. A caller uses it only for that same id (`knownPage`).
 */
export type PageRead = { externalId: string | null; row: Content | null };

/** The site's row for `key` (a checked payment's page): the one read with the facilitator key, or read now. */
export async function knownPage(page: PageRead, key: { network: string; siteId: string; externalId: string }): Promise<Content | null> {
  return page.externalId === key.externalId && key.network === env.NETWORK_MODE ? page.row : siteItem(db, key);
}

/** Who a facilitator call is: its site, the page's row, its key; `keptCheck` when they came from a kept copy its sale must check. */
export type FacilitatorCall = { site: FacilitatorSite; page: PageRead; key: { id: string; lastUsedAt: Date | null }; keptCheck?: OrderedStatement };

/**
 * The site a facilitator call acts for, from its `Authorization: Bearer <key>` value: 401 without a
 * key or with one the hub did not issue or has revoked, 403 while the site is not verified (pending,
 * failed, stale or removed), 429 past the site's rate limit. With it, the site's row for the page the
 * call names (`page`, facilitatorPageId), read in the same statement.
 */
export async function authenticateFacilitator(call: { authorization: string | null; page: string | null }): Promise<FacilitatorCall> {
  const found = await identifyFacilitatorCall(call);
  await admitFacilitatorCall(found);
  return found;
}

/**
 * authenticateFacilitator's reads and refusals, without counting the call. `kept` (a Gateway settle):
 * the key, site and page may come from this process's kept copy (lib/facilitator/kept-facilitator-calls.ts),
 * which then comes with the check its sale makes (`keptCheck`); a kept copy decides no refusal (`ReadAgain`).
 */
export async function identifyFacilitatorCall({ authorization, page, kept }: { authorization: string | null; page: string | null; kept?: KeptRows }): Promise<FacilitatorCall> {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!key) throw new ApiError("unauthorized", "Send the site's facilitator key as Authorization: Bearer <key> (issued at POST /hub/sites/<websiteId>/facilitator-keys)");
  // The key and its site: one raw read (lib/sites/site-rows.ts) where a model query with the site
  // included cost more of the thread than the rest of the lookup.
  const found = KEY_SHAPE.test(key) ? await facilitatorCallRows(hashFacilitatorKey(key), page === null ? null : { network: env.NETWORK_MODE, externalId: page }, kept) : null;
  const keptCopy = found !== null && isKeptCall(found);
  try {
    if (!found || found.key.revokedAt) throw new ApiError("unauthorized", "This facilitator key is unknown or revoked");
    const { site, item } = found;
    const { verified, status } = siteStatus(site);
    if (!verified) {
      throw new ApiError(status === "removed" ? "site-removed" : "site-not-verified", `${site.domain} is ${status}: the facilitator serves verified sites only (POST /hub/sites/<websiteId>/verify)`);
    }
    const { id, domain, name, ownerWallet, feeWallet, hosted } = site;
    return {
      site: { id, domain, name, ownerWallet, feeWallet, hosted },
      page: { externalId: page, row: item },
      key: found.key,
      keptCheck: keptCopy ? keptCallCheck(found, () => new ReadAgain("the sale found the facilitator key, its site or the page changed")) : undefined,
    };
  } catch (err) {
    throw keptCopy && err instanceof ApiError ? new ReadAgain(`it refused the call (${err.message})`) : err;
  }
}

/** Counts an identified call against its site's rate limit (429 past it) and notes the key's last use. */
export async function admitFacilitatorCall({ site, key }: FacilitatorCall): Promise<void> {
  await enforceRateLimit({ key: `facilitator:${site.id}`, limit: env.FACILITATOR_RATE_LIMIT_PER_MINUTE, windowMs: 60_000, what: `Facilitator calls for ${site.domain}` });
  // Last use is informational: written at most once a minute per key (and per kept copy, which holds the time written).
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000) {
    await db.facilitatorKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } });
    key.lastUsedAt = new Date();
  }
}
