import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A site has two credentials (docs/decisions.md #6):
 * - its public site key `pk_…`, which the widget snippet carries in every page of the site: events
 *   (POST /hub/evt) accept it and the widget proof looks for it. Knowing it lets nobody claim or sell.
 * - its secret `sk_…`: tip claims and /hub/pay attribution. Only its SHA-256 is stored; the secret is
 *   shown once, in the answer that issued it, and the owner can rotate it.
 * Sites registered before the split keep their old plaintext secret (Site.verifyToken) until rotated.
 */
export function newSiteKey(): string {
  return `pk_${randomBytes(16).toString("hex")}`;
}

/** A fresh secret and what is stored of it. */
export function issueSiteSecret(): { secret: string; secretHash: string } {
  const secret = `sk_${randomBytes(24).toString("hex")}`;
  return { secret, secretHash: hashSecret(secret) };
}

/** The columns that set a new secret and retire the old one (plaintext or hashed). */
export function newSecretColumns(): { secret: string; data: { secretHash: string; verifyToken: null } } {
  const { secret, secretHash } = issueSiteSecret();
  return { secret, data: { secretHash, verifyToken: null } };
}

function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** Constant-time equality of two strings of any length (compares their digests). */
function sameText(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(a), digest(b));
}

type SiteCredentials = { siteKey: string; secretHash: string | null; verifyToken: string | null };

/** Whether `given` is the site's secret (the hashed one, or a pre-split plaintext one). */
export function isSiteSecret(site: SiteCredentials, given: string): boolean {
  if (site.secretHash) return sameText(site.secretHash, hashSecret(given));
  return site.verifyToken !== null && sameText(site.verifyToken, given);
}

/** Whether `given` may send the site's widget events: its public key, or its secret (the interface's `token`). */
export function isSiteEventToken(site: SiteCredentials, given: string): boolean {
  return sameText(site.siteKey, given) || isSiteSecret(site, given);
}

/** What a page of the site must embed to prove the widget is installed: the public key (or a pre-split token). */
export function widgetProofStrings(site: SiteCredentials): string[] {
  return [site.siteKey, ...(site.verifyToken ? [site.verifyToken] : [])];
}
