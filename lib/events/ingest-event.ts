import "server-only";
import { getAddress } from "viem";
import type { z } from "zod";
import { cuid } from "@/lib/crypto/cuid";
import { db, type Tx } from "@/lib/db";
import { executeAtomically, executeInOrder, type OrderedStatement } from "@/lib/db-one-trip";
import { env } from "@/lib/env";
import { Prisma, type Site } from "@/lib/generated/sqlite/client";
import { ApiError } from "@/lib/http/errors";
import { noteWriteBeyondCounts } from "@/lib/log/request-context";
import { trendIncrement } from "@/lib/explore/trend-score";
import { dailyMetricStatement, type MetricDelta } from "@/lib/ledger/bump-daily-metric";
import { ledgerRowInOrder } from "@/lib/ledger/record-activity";
import { parseUsdc } from "@/lib/money";
import { enforceRateLimit } from "@/lib/rate-limit/enforce-rate-limit";
import type { eventBody, EventKind } from "@/lib/schemas/events";
import { buildSearchText } from "@/lib/sites/search-text";
import { siteById, siteItem } from "@/lib/sites/site-rows";
import { listedChanges, updateSiteItem, type ListedColumn } from "@/lib/sites/update-site-item";
import { isSiteEventToken } from "@/lib/sites/site-secret";
import { siteStatus } from "@/lib/sites/site-status";
import { checkEventOrigin } from "./check-event-origin";
import { isValidContentId } from "./content-id";
import { reverifyOnEvent } from "./reverify-on-event";
import { suggestTentativeTags } from "./suggest-tentative-tags";

type EventBody = z.output<typeof eventBody>;
type Resource = NonNullable<EventBody["resource"]>;
type SiteRow = Site;

const MAX_PRICE = 1_000_000_000_000n; // 1,000,000 USDC

/** The per-site event rate: EVENT_RATE_LIMIT_PER_MINUTE events per site per minute. */
export function eventRate() {
  return { limit: env.EVENT_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 };
}

/**
 * Ingests one widget event (POST /hub/evt). Checks, in order: the site and its token, the public site key or the secret (403), that
 * the site is not removed (403), where the event comes from (403 unknown-origin), the content id
 * (403) and the resource fields (400), the per-site rate (429), and that the site's verification
 * is current — re-proving it from the reporting page when it is not (403 otherwise). Then, in one
 * transaction: the content record is created or updated from the resource (title, url, type,
 * price, recipient, …) and the counters the event feeds are bumped.
 *
 * Counters: page_view → site views; resource_view → content views (+ ledger view row);
 * unlock_completed → content unlocks (+ ledger unlock row); payment_completed → payments;
 * content_rating → ratings (daily). Views, unlocks and ratings also add to the trending score. unlock_completed and payment_completed that name a hub payment
 * (paymentId or txHash) are recorded but not counted: /hub/pay counted them already.
 */
export async function ingestEvent({ body, origin, referer }: { body: EventBody; origin: string | null; referer: string | null }) {
  const site = await siteById(body.siteId);
  if (!site || !isSiteEventToken(site, body.token)) {
    throw new ApiError("invalid-site-credentials", "siteId and token do not match a registered site");
  }
  if (site.removedAt) throw new ApiError("site-removed", `Site ${site.id} was removed by its owner`);
  checkEventOrigin({ domain: site.domain, origin, referer, urls: [body.url, body.resource?.url] });

  const resource = body.resource;
  if (body.event !== "page_view" && !resource?.id) {
    throw new ApiError("invalid-request", `resource.id: required for ${body.event}`);
  }
  if (resource?.id !== undefined && !isValidContentId(resource.id)) {
    throw new ApiError("invalid-content-id", "resource.id must be 1-200 characters of letters, digits and . _ - : / @ + ~");
  }
  const fields = resource?.id ? resourceFields(resource, body.url) : null;

  await enforceRateLimit({ key: `evt:${site.id}`, ...eventRate(), what: `Events for site ${site.id}` });

  const { status } = siteStatus(site);
  if (status !== "verified") {
    const pageUrl = body.url ?? resource?.url ?? (origin && origin !== "null" ? origin : (referer ?? undefined));
    const proven = await reverifyOnEvent({ site, pageUrl });
    if (proven) noteWriteBeyondCounts(); // the site's verification renewed: what lists it may change
    if (!proven) {
      if (status === "stale") {
        throw new ApiError("verification-stale", `The verification of ${site.domain} is older than ${env.SITE_VERIFICATION_MAX_AGE_DAYS} days and the widget could not be found on the page to renew it`);
      }
      throw new ApiError("site-not-verified", `${site.domain} is not verified: embed the widget with this site's token, or prove ownership (POST /hub/sites/${site.id}/verify)`);
    }
  }
  if (fields?.recipientWallet) await assertRecipientOwnsSite(site, fields.recipientWallet);

  const hubPayment = (body.event === "unlock_completed" || body.event === "payment_completed") && (body.paymentId || body.txHash)
    ? await db.payment.findFirst({
        where: { network: env.NETWORK_MODE, OR: [...(body.paymentId ? [{ id: body.paymentId }] : []), ...(body.txHash ? [{ txHash: body.txHash }] : [])] },
        select: { id: true },
      })
    : null;

  const now = new Date();
  const counted = !hubPayment;
  // Its writes go to the database in one round trip (lib/db-one-trip.ts), the rows others contend for
  // last: the event's own row, the ledger's row, then the site's and item's daily metrics and the
  // ledger's totals, which every event and sale of the site moves. Written a statement at a time, a page
  // view held its site's metric row while it waited for the hub's thread to send its next statement, and
  // on a busy hub every sale and view of the site queued behind it (bench/README.md, session 55).
  const statements = (contentId: string | null, ledgerRow: Awaited<ReturnType<typeof ledgerRowInOrder>> | null): OrderedStatement[] => {
    const metric = counterStatement({ site, contentId, event: body.event, counted, now });
    return [
      { sql: widgetEventStatement({ site, body, contentId, origin, now }) },
      ...(ledgerRow?.inserts ?? []),
      ...(metric ? [{ sql: metric }] : []),
      ...(ledgerRow ? [ledgerRow.totals] : []),
    ];
  };
  // A page view names no item: its row and the site's count, as one atomic statement of their own.
  if (!fields) {
    await executeAtomically(statements(null, null));
    return { success: true as const, event: body.event, contentId: null, counted };
  }
  const content = await withUniqueRetry(() =>
    db.$transaction(async (tx) => {
      const item = await upsertContent(tx, site, resource!.id!, fields, body.event, counted, now);
      const ledgerRow = counted && (body.event === "resource_view" || body.event === "unlock_completed")
        ? await ledgerRowInOrder(
            {
              type: body.event === "resource_view" ? "view" : "unlock",
              websiteId: site.id,
              actor: body.actor ?? "human",
              contentId: item.id,
              contentTitle: item.title,
              contentUrl: item.url,
              domain: site.domain,
              timestamp: now,
              recipientWallet: item.recipientWallet,
            },
            tx, // no sourceKey: the row is always new
          )
        : null;
      await executeInOrder(tx, statements(item.id, ledgerRow));
      return item;
    }),
  );

  if (content.created && !content.tags) {
    const c = content;
    void suggestTentativeTags({ contentId: c.id, title: c.title, description: c.description, url: c.url, contentType: c.contentType }).catch((err: unknown) =>
      console.warn(`[hub] tag suggestion failed for ${c.id}: ${(err as Error).message}`),
    );
  }
  return { success: true as const, event: body.event, contentId: content.id, counted };
}

type ContentFields = {
  title?: string;
  description?: string;
  url?: string;
  path?: string;
  contentType?: string;
  priceAtomic?: bigint;
  recipientWallet?: string;
  imageUrl?: string;
  tags?: string;
  accessPolicy?: string;
  unlockPolicy?: string;
};

/** The content fields a resource sets (only those it names), validated: 400 for a bad price or url. */
function resourceFields(r: Resource, pageUrl: string | undefined): ContentFields {
  const out: ContentFields = {};
  if (r.title !== undefined) out.title = r.title.trim();
  if (r.description !== undefined) out.description = r.description.trim();
  const url = r.url ?? pageUrl;
  if (url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ApiError("invalid-request", "resource.url: not an absolute URL");
    }
    parsed.hash = "";
    out.url = parsed.toString();
    out.path = parsed.pathname;
  }
  if (r.type !== undefined) out.contentType = r.type;
  if (r.price !== undefined) {
    let atomic: bigint;
    try {
      atomic = parseUsdc(r.price);
    } catch {
      throw new ApiError("invalid-request", "resource.price: a USDC amount is a decimal with at most 6 places");
    }
    if (atomic > MAX_PRICE) throw new ApiError("invalid-request", "resource.price: at most 1000000 USDC");
    out.priceAtomic = atomic;
  }
  if (r.recipient !== undefined) out.recipientWallet = getAddress(r.recipient);
  if (r.imageUrl !== undefined) out.imageUrl = r.imageUrl;
  if (r.tags !== undefined) {
    const list = (Array.isArray(r.tags) ? r.tags : r.tags.split(",")).map((t) => t.trim()).filter(Boolean);
    out.tags = [...new Set(list)].slice(0, 24).join(",");
  }
  if (r.access !== undefined) out.accessPolicy = typeof r.access === "string" ? r.access : JSON.stringify(r.access);
  if (r.unlock !== undefined) out.unlockPolicy = typeof r.unlock === "string" ? r.unlock : JSON.stringify(r.unlock);
  return out;
}

async function assertRecipientOwnsSite(site: SiteRow, wallet: string) {
  if (wallet === site.ownerWallet || wallet === site.feeWallet) return;
  const owner = await db.siteOwnerWallet.findUnique({ where: { siteId_wallet: { siteId: site.id, wallet } } });
  if (!owner) throw new ApiError("recipient-not-site-owner", `resource.recipient ${wallet} is not an owner wallet of ${site.domain}`);
}

async function upsertContent(tx: Tx, site: SiteRow, externalId: string, f: ContentFields, event: EventKind, counted: boolean, now: Date) {
  const network = env.NETWORK_MODE;
  const views = event === "resource_view" && counted ? 1 : 0;
  const unlocks = event === "unlock_completed" && counted ? 1 : 0;
  const ratings = event === "content_rating" && counted ? 1 : 0;
  const existing = await siteItem(tx, { network, siteId: site.id, externalId });
  const publisherTags = f.tags !== undefined && f.tags !== "" ? { tags: f.tags, tagsTentative: false } : {};
  const { tags: _tags, ...rest } = f;
  void _tags;
  const changed = existing ? listedChanges(existing, { ...rest, ...publisherTags }) : {};
  // A new item, or one whose listed fields change, is more than counts: kept pages are dropped too.
  if (!existing || Object.keys(changed).length > 0) noteWriteBeyondCounts();
  if (!existing) {
    const row = await tx.content.create({
      data: {
        network,
        siteId: site.id,
        externalId,
        ...rest,
        ...publisherTags,
        recipientWallet: f.recipientWallet ?? site.ownerWallet,
        searchText: buildSearchText({ ...f, siteName: site.name, domain: site.domain }),
        views,
        unlocks,
        trendScore: trendIncrement({ created: true, views, unlocks, ratings }, now),
        lastSeenAt: now,
        createdAt: now,
      },
    });
    return { ...row, created: true };
  }
  const next = { title: f.title ?? existing.title, description: f.description ?? existing.description, tags: publisherTags.tags ?? existing.tags };
  const searchText = buildSearchText({ ...next, siteName: site.name, domain: site.domain });
  const trend = trendIncrement({ views, unlocks, ratings }, now);
  await updateSiteItem(tx, existing, { changed, searchText, add: { views, unlocks, trendScore: trend }, now });
  return { ...existing, ...changed, searchText, views: existing.views + views, unlocks: existing.unlocks + unlocks, trendScore: existing.trendScore + trend, lastSeenAt: now, created: false };
}

/** Compile-time: every field a resource sets is a listed column, or an update would silently leave it out. */
const everyFieldListed: Exclude<keyof ContentFields, ListedColumn> extends never ? true : false = true;
void everyFieldListed;

/** The daily counter an event feeds (dailyMetricStatement: one INSERT … ON CONFLICT, the same as a sale's), or null. */
function counterStatement({ site, contentId, event, counted, now }: { site: SiteRow; contentId: string | null; event: EventKind; counted: boolean; now: Date }): Prisma.Sql | null {
  const day = now.toISOString().slice(0, 10);
  if (event === "page_view") return dailyMetricStatement({ siteId: site.id, day, views: 1 });
  if (!counted || !contentId) return null;
  const delta: MetricDelta = { siteId: site.id, contentId, day };
  if (event === "resource_view") delta.views = 1;
  else if (event === "unlock_completed") delta.unlocks = 1;
  else if (event === "payment_completed") delta.payments = 1;
  else if (event === "content_rating") delta.ratings = 1;
  else return null; // unlock_started: recorded, counts nothing
  return dailyMetricStatement(delta);
}

/**
 * The event's own row. Raw, as the paid path writes its rows (a Prisma create costs several times the
 * CPU of the insert itself; bench/events.mjs); the id a cuid, as the schema's @default(cuid()).
 */
function widgetEventStatement({ site, body, contentId, origin, now }: { site: SiteRow; body: EventBody; contentId: string | null; origin: string | null; now: Date }): Prisma.Sql {
  const url = (body.url ?? "").slice(0, 2048);
  const path = (body.path ?? pathOf(body.url) ?? "").slice(0, 1024);
  const from = (origin && origin !== "null" ? origin : "").slice(0, 300);
  return Prisma.sql`INSERT INTO "WidgetEvent" ("id", "network", "siteId", "event", "contentId", "actor", "url", "path", "origin", "createdAt")
    VALUES (${cuid()}, ${env.NETWORK_MODE}, ${site.id}, ${body.event}, ${contentId}, ${body.actor ?? null}, ${url}, ${path}, ${from}, ${now})`;
}

function pathOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

/** PostgreSQL: two first events for one item can race on the unique keys; the retry updates instead. */
async function withUniqueRetry<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if ((err as { code?: string })?.code !== "P2002") throw err;
    return fn();
  }
}
