import "server-only";
import { unplannedValue as v } from "@/lib/db";
import type { OrderedStatement } from "@/lib/db-one-trip";
import { Prisma } from "@/lib/generated/sqlite/client";
import { keptReads, type KeptRows } from "@/lib/kept-reads";
import { facilitatorKeySite, type FacilitatorKeySite } from "@/lib/sites/site-rows";
import { siteStatus, statusHoldsUntil } from "@/lib/sites/site-status";

/**
 * A facilitator call's key, site and page, kept for the Gateway settles that follow (lib/kept-reads.ts):
 * on PostgreSQL the read is a round trip before the sale, and with it kept a settle of a known page is one
 * round trip. The copy is the one a call read last, kept for KEPT_CALL_MS at most, and only while it
 * would let a call through: a key not revoked, a verified site (no longer than its proof stays current),
 * and a page the hub already lists (no longer than a sale would leave its row alone: a sale rewrites a
 * page's lastSeenAt once a minute, lib/facilitator/settle-facilitated-payment.ts). The sale's own block
 * checks the copy (`keptCallCheck`) and fails before it has written anything when the key was revoked or
 * anything the settle was decided from changed; the call is then decided again from a fresh read
 * (lib/facilitator/settle-facilitator-call.ts).
 */
const KEPT_CALL_MS = 60_000;
/** Calls kept at most (key and page); past it the oldest goes. */
const MAX_KEPT_CALLS = 4_096;
/** lastSeenAt is informational: a sale of an unchanged page rewrites its row at most this often (settle-facilitated-payment.ts), so a kept page lasts no longer. */
export const PAGE_SEEN_EVERY_MS = 60_000;

const kept = keptReads<FacilitatorKeySite | null>("facilitator", MAX_KEPT_CALLS);

/**
 * The key (by its hash), its site and the site's row for `page` on `network`: from this process's kept
 * copy when `how` is "use" and one lasts, else read (and kept when it would let a call through).
 */
export function facilitatorCallRows(keyHash: string, page: { network: string; externalId: string } | null, how: KeptRows | undefined): Promise<FacilitatorKeySite | null> {
  if (!how || !page) return facilitatorKeySite(keyHash, page);
  return kept.lookup(`${keyHash}\n${page.network}\n${page.externalId}`, how, () => facilitatorKeySite(keyHash, page), keepCall);
}

function keepCall(found: FacilitatorKeySite | null, now: number) {
  if (!found || found.key.revokedAt || !found.item || !siteStatus(found.site).verified) return null;
  const seen = found.item.lastSeenAt?.getTime() ?? 0;
  const until = Math.min(now + KEPT_CALL_MS, statusHoldsUntil(found.site), seen + PAGE_SEEN_EVERY_MS);
  if (until <= now) return null;
  return { copy: kept.mark({ key: { ...found.key }, site: { ...found.site }, item: { ...found.item } }), until };
}

/** Whether `rows` is a kept copy (served without a read), which the sale must check in its own block. */
export function isKeptCall(rows: FacilitatorKeySite): boolean {
  return kept.isKept(rows);
}

/**
 * The sale's check of a kept call (an `executeInOrder` check, lib/db-one-trip.ts): 0 while the key is
 * not revoked and the site and page hold every value the settle was decided from (the site's domain,
 * name, wallets, hosting and verification; the page's identity, listed fields, price, policy and search
 * text), else 1, which fails the block with `changed()`. Nullable columns go through COALESCE, so the
 * statement has one shape. The three rows are found by their primary keys alone and compared in the
 * SELECT list: with the comparisons in its WHERE, SQLite without statistics found the site by its domain
 * and the key among the site's keys (lib/facilitator/kept-facilitator-calls.test.ts checks the plan). A
 * row gone answers 1 too. The proof's date is not compared: the copy lasts no longer than the proof it
 * was kept with stays current, and a failed or revoked proof changes `verified` or the status.
 */
export function keptCallCheck(rows: FacilitatorKeySite, changed: () => Error): OrderedStatement {
  const { key, site: s, item } = rows;
  const c = item!;
  return {
    check: Prisma.sql`SELECT COALESCE((SELECT CASE WHEN k."revokedAt" IS NULL AND k."siteId" = s."id" AND c."siteId" = s."id"
        AND s."domain" = ${v(s.domain)} AND s."name" = ${v(s.name)} AND s."ownerWallet" = ${v(s.ownerWallet)} AND COALESCE(s."feeWallet", '') = ${v(s.feeWallet ?? "")}
        AND (CASE WHEN s."hosted" THEN 1 ELSE 0 END) = ${v(s.hosted ? 1 : 0)} AND (CASE WHEN s."verified" THEN 1 ELSE 0 END) = 1
        AND s."verificationStatus" = ${v(s.verificationStatus)} AND s."removedAt" IS NULL AND s."lastVerifiedAt" IS NOT NULL
        AND c."network" = ${v(c.network)} AND c."externalId" = ${v(c.externalId)} AND c."title" = ${v(c.title)} AND c."description" = ${v(c.description)}
        AND c."url" = ${v(c.url)} AND c."path" = ${v(c.path)} AND CAST(c."priceAtomic" AS TEXT) = ${v(c.priceAtomic.toString())}
        AND COALESCE(c."recipientWallet", '') = ${v(c.recipientWallet ?? "")} AND c."accessPolicy" = ${v(c.accessPolicy)} AND c."searchText" = ${v(c.searchText)}
      THEN 0 ELSE 1 END
      FROM "FacilitatorKey" k CROSS JOIN "Site" s CROSS JOIN "Content" c WHERE k."id" = ${v(key.id)} AND s."id" = ${v(s.id)} AND c."id" = ${v(c.id)}), 1)`,
    atMost: 0n,
    fail: () => {
      kept.changed();
      return changed();
    },
  };
}
